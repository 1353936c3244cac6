import bengali from '@expo-google-fonts/noto-sans-bengali/400Regular/NotoSansBengali_400Regular.ttf?url';
import devanagari from '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf?url';
import gujarati from '@expo-google-fonts/noto-sans-gujarati/400Regular/NotoSansGujarati_400Regular.ttf?url';
import gurmukhi from '@expo-google-fonts/noto-sans-gurmukhi/400Regular/NotoSansGurmukhi_400Regular.ttf?url';
import kannada from '@expo-google-fonts/noto-sans-kannada/400Regular/NotoSansKannada_400Regular.ttf?url';
import malayalam from '@expo-google-fonts/noto-sans-malayalam/400Regular/NotoSansMalayalam_400Regular.ttf?url';
import oriya from '@expo-google-fonts/noto-sans-oriya/400Regular/NotoSansOriya_400Regular.ttf?url';
import tamil from '@expo-google-fonts/noto-sans-tamil/400Regular/NotoSansTamil_400Regular.ttf?url';
import telugu from '@expo-google-fonts/noto-sans-telugu/400Regular/NotoSansTelugu_400Regular.ttf?url';
import type { Script } from './scripts';

/*
 * The Noto Sans fonts (SIL Open Font License 1.1, from Google Fonts through the @expo-google-fonts
 * packages) of the Indian scripts, one TrueType file each. Vite emits each as its own asset of
 * web/dist; only the PDF module (itself loaded on demand) knows their URLs, and a PDF fetches only
 * those its text needs (same origin: the CSP's connect-src 'self'), once per page load.
 */

const FONT_URLS: Readonly<Record<Script, string>> = {
  devanagari,
  bengali,
  gurmukhi,
  gujarati,
  oriya,
  tamil,
  telugu,
  kannada,
  malayalam,
};

export interface PdfFont {
  script: Script;
  /** The font's name in the PDF ('NotoSansDevanagari'), and its file name in jsPDF's virtual file system (plus '.ttf'). */
  name: string;
  /** The family the page's FontFaceSet knows it by, for the canvas that shapes the text. */
  family: string;
  /** The TrueType file. */
  bytes: ArrayBuffer;
  /** The same, as the binary string jsPDF's virtual file system takes. */
  binary: string;
}

const loading = new Map<Script, Promise<PdfFont>>();

/** The fonts of `scripts`, fetched on first use (a failed fetch is tried again next time). */
export function loadFonts(scripts: readonly Script[]): Promise<PdfFont[]> {
  return Promise.all(scripts.map(loadFont));
}

function loadFont(script: Script): Promise<PdfFont> {
  let font = loading.get(script);
  if (!font) {
    font = fetchFont(script);
    loading.set(script, font);
    font.catch(() => loading.delete(script));
  }
  return font;
}

async function fetchFont(script: Script): Promise<PdfFont> {
  const response = await fetch(FONT_URLS[script]);
  if (!response.ok) throw new Error(`The ${script} font answered ${response.status}`);
  const bytes = await response.arrayBuffer();
  const title = script[0]!.toUpperCase() + script.slice(1);
  return { script, name: `NotoSans${title}`, family: `SAMS PDF Noto Sans ${title}`, bytes, binary: binaryString(new Uint8Array(bytes)) };
}

/** Bytes as a string of char codes 0–255, in slices (String.fromCharCode takes a bounded number of arguments). */
function binaryString(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += 0x8000) text += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return text;
}
