/**
 * The files the share-card renderer reads beside its handler (`LAMBDA_TASK_ROOT`), by their name
 * there; the image function's declaration (infra/functions.ts `files`) says where each comes from.
 */
export const SHARE_CARD_FILES = {
  layoutWasm: 'satori-layout.wasm',
  resvgWasm: 'resvg.wasm',
  regular: 'inter-latin-400.woff',
  regularExtended: 'inter-latin-ext-400.woff',
  bold: 'inter-latin-700.woff',
} as const;
