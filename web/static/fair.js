// A fair deal checked in the browser (solver/fair.py says the scheme): the commitment a seat got
// before the first call is SHA-256("SECRET:CARDS") of what the deal's end reveals, the cards are
// the secret's shuffle, and the seat's own ten cards are the ones dealt to its position.
// SHA-256 is written out here: a page served over plain http on a network has no crypto.subtle.

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2]);

// SHA-256 of a text (UTF-8) as 32 bytes
export function sha256(text) {
  const data = new TextEncoder().encode(text);
  const bits = data.length * 8;
  const padded = new Uint8Array(((data.length + 9 + 63) >> 6) << 6);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(padded.length - 4, bits >>> 0);
  const hh = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  const rot = (x, n) => (x >>> n) | (x << (32 - n));
  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + 4 * i);
    for (let i = 16; i < 64; i++) {
      const s0 = rot(w[i - 15], 7) ^ rot(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = rot(w[i - 2], 17) ^ rot(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, k] = hh;
    for (let i = 0; i < 64; i++) {
      const t1 = (k + (rot(e, 6) ^ rot(e, 11) ^ rot(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) >>> 0;
      const t2 = ((rot(a, 2) ^ rot(a, 13) ^ rot(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      k = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
    }
    [a, b, c, d, e, f, g, k].forEach((x, i) => { hh[i] = (hh[i] + x) >>> 0; });
  }
  const out = new Uint8Array(32);
  hh.forEach((x, i) => new DataView(out.buffer).setUint32(4 * i, x));
  return out;
}

export const hex = bytes => Array.from(bytes, b => b.toString(16).padStart(2, "0")).join("");

// the cards in the project's order (solver/cards.py): the deck a secret shuffles
const DECK = [..."DHSC"].flatMap(s => [..."789QKTA"].map(r => s + r)).concat(["DJ", "HJ", "SJ", "CJ"]);

// the 32 cards in the order the secret shuffles them (Fisher-Yates, 32-bit words of SHA-256 blocks)
export function shuffled(secret) {
  const deck = DECK.slice();
  let block = 0, words = [];
  const next = () => {
    if (!words.length) {
      const d = new DataView(sha256(`${secret}:shuffle:${block++}`).buffer);
      words = Array.from({ length: 8 }, (_, i) => d.getUint32(4 * i));
    }
    return words.shift();
  };
  for (let i = 31; i > 0; i--) {
    const bound = i + 1, limit = 2 ** 32 - (2 ** 32 % bound);
    let x = next();
    while (x >= limit) x = next();
    const j = x % bound;
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

// what is wrong with a deal's commitment and reveal, seen from a seat that was dealt `mine` at
// `position` (F, M, R; Offiziersskat: no hand to compare); empty: verified
export function checkDeal(commitment, reveal, mine, position) {
  if (!commitment || !reveal) return ["no commitment"];
  const problems = [];
  if (hex(sha256(`${reveal.secret}:${reveal.dealt}`)) !== commitment) problems.push("the commitment does not match");
  const dealt = reveal.dealt.split(" ");
  if (shuffled(reveal.secret).join(" ") !== reveal.dealt) problems.push("the cards are not the secret's shuffle");
  const at = "FMR".indexOf(position);
  if (mine && mine.length === 10 && at >= 0) {
    const mineDealt = dealt.slice(10 * at, 10 * at + 10);
    if (mine.some(c => !mineDealt.includes(c))) problems.push("your cards are not the cards dealt to you");
  }
  return problems;
}
