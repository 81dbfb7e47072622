/**
 * @ngraveio/bc-ur as shared/ and the renderer type it (docs/decisions.md §19): its own declarations reference
 * Node's types (`/// <reference types="node" />`, Buffer in every signature), which would bring
 * Node's globals into programs that must have none (tsconfig.shared.json, renderer/tsconfig.json
 * map the package's name here with `paths`; tsconfig.json, which tsx also reads at run time, does
 * not, so nothing runs this file). shared/files/ur.ts declares the shape it uses and reads the
 * package's default export, module.exports, through it.
 */
declare const bcUr: unknown;
export default bcUr;
