// The share link's QR code made in the browser, for the static folder (the app draws it in Python: qr_view.py,
// segno.make_qr(link, error="l")). The same symbol as segno's: the smallest version that holds the link at error
// correction L, then the highest level that still fits that version (segno's boost_error), drawn with a quiet
// zone of 4 modules by the qr package.

import encodeQR from "qr";

const BOOSTED = ["high", "quartile", "medium"];  // tried in this order at the version L needs

// An inline SVG of `link`, or null when the link is too long for any QR code.
export function qrSvg(link) {
  let smallest;
  try {
    smallest = encodeQR(link, "raw", {ecc: "low", border: 1}).length - 2;  // 17 + 4 * version modules a side
  } catch {
    return null;  // "Capacity overflow": longer than version 40 holds
  }
  const version = (smallest - 17) / 4;
  for (const ecc of BOOSTED) {
    try {
      return encodeQR(link, "svg", {ecc, version, border: 4});
    } catch {
      // this level does not fit the version: the next one down
    }
  }
  return encodeQR(link, "svg", {ecc: "low", version, border: 4});
}
