import"./chunk-WOT6VMZA.js";async function o(){throw new Error("this build has no bert.js")}export{o as load};
