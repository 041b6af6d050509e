import{a,b,c,d}from"./chunk-UWTCS3D7.js";import"./chunk-5MAXOZ6P.js";import"./chunk-IYWUY3VA.js";export{a as LESSON_BATCH,b as batchMemory,d as batchOf,c as batchOfIds};
