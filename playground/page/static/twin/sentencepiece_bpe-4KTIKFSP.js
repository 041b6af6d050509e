import"./chunk-WOT6VMZA.js";async function e(){throw new Error("this build has no sentencepiece_bpe.js")}export{e as load};
