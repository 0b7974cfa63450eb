/**
 * Draws the share cards (functions/contract/shareCards.ts): satori lays out a tree of boxes with the
 * card's font and writes SVG (its text as paths), resvg (Rust, built to WebAssembly) turns that into a
 * PNG. Both run as WebAssembly in Node on any architecture, arm64 Lambda included, with no native
 * module and nothing downloaded: their .wasm files and the font are files beside the handler (the
 * declaration's `files`, infra/functions.ts), read once per execution environment.
 *
 * Colours are the site's (web/src/app/styles.css); the font is Inter (SIL Open Font License 1.1,
 * from @fontsource/inter: docs/share-cards.md).
 */
import satori, { init as initSatori, type Font } from 'satori/standalone';
import { initWasm as initResvg, Resvg } from '@resvg/resvg-wasm';
import { SHARE_CARD_SIZE } from '../contract/shareCards';
import { SITE_NAME } from '../contract/documents';
import type { Post } from '../contract/posts';
import { fitText, interWidth, type TextBox } from './cardText';

/** The files the renderer needs, as bytes. */
export type CardAssets = {
  /** satori's layout engine (yoga), `satori/layout.wasm`. */
  layoutWasm: Uint8Array;
  /** resvg, `@resvg/resvg-wasm/index_bg.wasm`. */
  resvgWasm: Uint8Array;
  /** Inter 400 (Latin and Latin Extended) and 700 (Latin), WOFF: satori reads TTF, OTF and WOFF, not WOFF2. */
  fonts: { regular: Uint8Array; regularExtended: Uint8Array; bold: Uint8Array };
};

/** The site's colours (web/src/app/styles.css `--vd-*`). */
const COLOURS = {
  brand: '#7a1f2b',
  brandSoft: '#f6e7e8',
  ink: '#1f1a17',
  inkSoft: '#574d47',
  paper: '#faf7f2',
  card: '#ffffff',
  line: '#e6dfd6',
};

const FONT = 'Inter';
const PADDING = 64;

/** Where a post's text goes: the card less its margins, the header and the signature. */
export const POST_TEXT_BOX: TextBox = {
  width: SHARE_CARD_SIZE.width - 2 * PADDING - 2 * 48,
  height: 330,
  sizes: [58, 50, 44, 38, 34],
  lineHeight: 1.3,
};

type Node = { type: string; props: { style?: Record<string, string | number>; children?: Child | Child[] } };
type Child = Node | string;

const box = (style: Record<string, string | number>, ...children: Child[]): Node => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children },
});

export type CardRenderer = {
  /** A published post's card: its text (fitted, see functions/images/cardText.ts), apodo, category and the site's name. */
  postCard(post: Pick<Post, 'name' | 'category' | 'post'>): Promise<Uint8Array>;
  /** The site's own card. */
  siteCard(): Promise<Uint8Array>;
};

/**
 * A renderer whose assets are loaded (and WebAssembly started) on its first card; later cards reuse
 * them. Only one renderer per process: each WebAssembly module is started once.
 */
export function cardRenderer(load: () => Promise<CardAssets>): CardRenderer {
  let ready: Promise<Font[]> | undefined;
  const start = () =>
    (ready ??= load().then(async (assets) => {
      await Promise.all([initSatori(assets.layoutWasm), initResvg(assets.resvgWasm)]);
      return [
        { name: FONT, data: toArrayBuffer(assets.fonts.regular), weight: 400, style: 'normal' },
        { name: FONT, data: toArrayBuffer(assets.fonts.regularExtended), weight: 400, style: 'normal' },
        { name: FONT, data: toArrayBuffer(assets.fonts.bold), weight: 700, style: 'normal' },
      ] satisfies Font[];
    })).catch((error: unknown) => {
      ready = undefined; // the next card tries again
      throw error;
    });

  const draw = async (tree: Node): Promise<Uint8Array> => {
    const fonts = await start();
    const svg = await satori(tree as unknown as Parameters<typeof satori>[0], { ...SHARE_CARD_SIZE, fonts });
    const resvg = new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
    try {
      const image = resvg.render();
      try {
        return image.asPng();
      } finally {
        image.free();
      }
    } finally {
      resvg.free();
    }
  };

  return {
    postCard: (post) => draw(postTree(post)),
    siteCard: () => draw(siteTree()),
  };
}

function frame(...children: Child[]): Node {
  return box(
    {
      width: SHARE_CARD_SIZE.width,
      height: SHARE_CARD_SIZE.height,
      boxSizing: 'border-box',
      flexDirection: 'column',
      backgroundColor: COLOURS.paper,
      borderTop: `16px solid ${COLOURS.brand}`,
      padding: `${PADDING - 16}px ${PADDING}px ${PADDING - 8}px`,
      fontFamily: FONT,
      color: COLOURS.ink,
    },
    ...children,
  );
}

const siteName = (size: number): Node =>
  box({ fontSize: size, fontWeight: 700, color: COLOURS.brand, letterSpacing: '-0.02em' }, SITE_NAME);

function postTree(post: Pick<Post, 'name' | 'category' | 'post'>): Node {
  const fitted = fitText(post.post, POST_TEXT_BOX, interWidth);
  return frame(
    box(
      { justifyContent: 'space-between', alignItems: 'center', width: '100%' },
      siteName(40),
      box(
        {
          fontSize: 28,
          fontWeight: 700,
          color: COLOURS.brand,
          backgroundColor: COLOURS.brandSoft,
          borderRadius: 999,
          padding: '8px 24px',
        },
        post.category,
      ),
    ),
    box(
      {
        flexGrow: 1,
        flexDirection: 'column',
        justifyContent: 'center',
        marginTop: 24,
        marginBottom: 24,
        padding: '0 48px',
        backgroundColor: COLOURS.card,
        border: `2px solid ${COLOURS.line}`,
        borderRadius: 20,
      },
      ...fitted.lines.map((line) =>
        box({ fontSize: fitted.size, lineHeight: POST_TEXT_BOX.lineHeight, whiteSpace: 'pre', color: COLOURS.ink }, line),
      ),
    ),
    box(
      { justifyContent: 'space-between', alignItems: 'center', width: '100%', fontSize: 30, color: COLOURS.inkSoft },
      box({}, `Publicado por ${post.name}`),
      box({ fontWeight: 700, color: COLOURS.brand }, '¡Vaya día!'),
    ),
  );
}

function siteTree(): Node {
  return frame(
    box(
      { flexGrow: 1, flexDirection: 'column', justifyContent: 'center', alignItems: 'flex-start' },
      siteName(120),
      box({ fontSize: 44, color: COLOURS.ink, marginTop: 24 }, 'Anécdotas cortas de días malos.'),
      box({ fontSize: 34, color: COLOURS.inkSoft, marginTop: 16 }, 'Léelas, vótalas y cuenta la tuya.'),
    ),
    box({ fontSize: 28, color: COLOURS.brand, fontWeight: 700 }, 'varios · amor · amistad · picante · trabajo · familia'),
  );
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
