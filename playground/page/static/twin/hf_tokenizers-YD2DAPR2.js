import"./chunk-WOT6VMZA.js";async function o(){throw new Error("this build has no hf_tokenizers.js")}export{o as load};
