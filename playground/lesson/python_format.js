// Numbers written as Python writes them, for the twins of code that prints them with f-strings.

/** f"{n:,}" of an integer: 1234567 -> "1,234,567". */
export function thousands(n) {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** The exact decimal digits of a finite x > 0 below 1e21, and where the point is: [digits, pointAt]. */
function exactDigits(x) {
  const [whole, fraction] = x.toFixed(100).split(".");  // exact: a double below 1e21 has at most 100 decimals here
  const digits = (whole + fraction).replace(/^0+/, "");
  return [digits.replace(/0+$/, ""), whole === "0" ? -(fraction.length - fraction.replace(/^0+/, "").length) : whole.length];
}

/** f"{x:g}" of a finite number x >= 0 below 1e21: six significant digits, rounded half to even on x's exact value,
 *  trailing zeros dropped, in exponent notation when the exponent is below -4 or at least 6. */
export function formatG(x) {
  if (x === 0) return "0";
  let [digits, pointAt] = exactDigits(x);
  if (digits.length > 6) {  // round to six digits, half to even
    const rest = digits.slice(6), up = rest[0] > "5" || (rest[0] === "5" && (/[1-9]/.test(rest.slice(1)) || digits[5] % 2 === 1));
    digits = digits.slice(0, 6);
    if (up) {
      const n = String(Number(digits) + 1);
      if (n.length > 6) pointAt++;
      digits = n.slice(0, 6);
    }
    digits = digits.replace(/0+$/, "");
  }
  const exponent = pointAt - 1;
  if (exponent < -4 || exponent >= 6) {
    const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${mantissa}e${exponent < 0 ? "-" : "+"}${String(Math.abs(exponent)).padStart(2, "0")}`;
  }
  if (pointAt <= 0) return `0.${"0".repeat(-pointAt)}${digits}`;
  return digits.length <= pointAt ? digits + "0".repeat(pointAt - digits.length) : `${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
}

/** str(x) of a Python float (its repr): the shortest digits that read back as x, in exponent notation when the
 *  exponent is below -4 or at least 16, ".0" after a whole number. */
export function floatRepr(x) {
  if (!Number.isFinite(x)) return Number.isNaN(x) ? "nan" : x > 0 ? "inf" : "-inf";
  const [mantissa, e] = x.toExponential().split("e");  // the shortest digits that read back as x
  const exponent = Number(e), sign = mantissa.startsWith("-") ? "-" : "";
  const digits = mantissa.replace(/[-.]/g, "");
  if (exponent < -4 || exponent >= 16) {
    return `${sign}${digits[0]}${digits.length > 1 ? "." + digits.slice(1) : ""}e${exponent < 0 ? "-" : "+"}${String(Math.abs(exponent)).padStart(2, "0")}`;
  }
  if (exponent < 0) return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, "0"), fraction = digits.slice(exponent + 1);
  return `${sign}${whole}.${fraction || "0"}`;
}
