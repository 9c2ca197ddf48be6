// Drawings of the board's special houses, the two kinds of piece and the throwing sticks, as
// inline SVG strings (no image files, no fonts needed: the Pi may have no hieroglyph font).

const STROKE = 'stroke="currentColor" fill="none" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"';

// RULES.md 1: 15 Rebirth, 26 Happiness, 27 Water, 28 Three Truths, 29 Re-Atoum, 30 Horus.
export const SPECIAL_HOUSES = {
  15: { key: "house.rebirth", svg: ankh() },
  26: { key: "house.happiness", svg: nefer() },
  27: { key: "house.water", svg: water() },
  28: { key: "house.three", svg: strokes(3) },
  29: { key: "house.two", svg: strokes(2) },
  30: { key: "house.horus", svg: wedjat() },
};

function svg(body, viewBox = "0 0 100 100") {
  return `<svg viewBox="${viewBox}" aria-hidden="true" focusable="false">${body}</svg>`;
}

function ankh() {
  return svg(
    `<g ${STROKE}><ellipse cx="50" cy="28" rx="15" ry="19"/>` +
      `<path d="M50 47 V92 M26 52 H74"/></g>`,
  );
}

function nefer() {
  // the heart and windpipe sign: a rounded heart with a tall stroke and a cross bar on top
  return svg(
    `<g ${STROKE}><path d="M50 92 C28 84 26 58 38 50 C44 46 56 46 62 50 C74 58 72 84 50 92 Z"/>` +
      `<path d="M50 48 V10 M38 24 H62"/></g>`,
  );
}

function water() {
  const zigzag = (y) =>
    `<path d="M8 ${y} l8 -9 l8 9 l8 -9 l8 9 l8 -9 l8 9 l8 -9 l8 9 l8 -9 l8 9 l8 -9 l4 4"/>`;
  return svg(`<g ${STROKE}>${zigzag(32)}${zigzag(55)}${zigzag(78)}</g>`);
}

function strokes(count) {
  const gap = 22;
  const first = 50 - ((count - 1) * gap) / 2;
  let body = "";
  for (let i = 0; i < count; i += 1) {
    const x = first + i * gap;
    // a seated figure reduced to a head and a body stroke, as on ancient boards
    body += `<circle cx="${x}" cy="24" r="7"/><path d="M${x} 34 V86"/>`;
  }
  return svg(`<g ${STROKE}>${body}</g>`);
}

function wedjat() {
  return svg(
    `<g ${STROKE}><path d="M12 42 C30 22 70 22 88 42 C70 58 30 58 12 42 Z"/>` +
      `<circle cx="50" cy="41" r="9" fill="currentColor"/>` +
      `<path d="M14 24 C36 12 70 12 88 24"/><path d="M42 56 L36 86"/>` +
      `<path d="M56 56 C62 72 74 78 84 70 C88 66 84 60 78 64"/></g>`,
  );
}

// Light pieces are spools, dark pieces are cones, as in museum sets; the shapes differ so that
// they are told apart without colour too.
export function pieceSvg(piece) {
  if (piece === "W") {
    return svg(
      `<defs><linearGradient id="ivory" x1="0" x2="1"><stop offset="0" stop-color="#fffaf0"/>` +
        `<stop offset="0.55" stop-color="#f1e2bd"/><stop offset="1" stop-color="#c9ae78"/></linearGradient></defs>` +
        `<path d="M22 18 H78 C78 30 62 40 58 50 C62 60 78 70 78 82 H22 C22 70 38 60 42 50 C38 40 22 30 22 18 Z" ` +
        `fill="url(#ivory)" stroke="#5b4526" stroke-width="4" stroke-linejoin="round"/>` +
        `<ellipse cx="50" cy="18" rx="28" ry="7" fill="#fffaf0" stroke="#5b4526" stroke-width="4"/>`,
    );
  }
  return svg(
    `<defs><linearGradient id="ebony" x1="0" x2="1"><stop offset="0" stop-color="#3d4f7a"/>` +
      `<stop offset="0.5" stop-color="#1a2442"/><stop offset="1" stop-color="#0a0f1e"/></linearGradient></defs>` +
      `<path d="M50 10 C56 10 60 16 61 24 L78 84 H22 L39 24 C40 16 44 10 50 10 Z" fill="url(#ebony)" ` +
      `stroke="#e0b456" stroke-width="4" stroke-linejoin="round"/>` +
      `<ellipse cx="50" cy="84" rx="28" ry="7" fill="#1a2442" stroke="#e0b456" stroke-width="4"/>`,
  );
}

// Four sticks, `flat` of them showing the painted flat face (dark), the others plain wood.
export function sticksSvg(flat) {
  let body = "";
  for (let i = 0; i < 4; i += 1) {
    const x = 8 + i * 24;
    const isFlat = flat !== null && flat !== undefined && i < flat;
    const fill = isFlat ? "#2b2118" : "url(#wood)";
    body +=
      `<rect x="${x}" y="6" width="16" height="88" rx="8" fill="${fill}" stroke="#3a2a17" stroke-width="2.5"/>` +
      (isFlat
        ? `<path d="M${x + 4} 22 h8 M${x + 4} 50 h8 M${x + 4} 78 h8" stroke="#d9a441" stroke-width="2.5"/>`
        : `<path d="M${x + 8} 14 V86" stroke="#fff6dc" stroke-opacity="0.55" stroke-width="3"/>`);
  }
  return svg(
    `<defs><linearGradient id="wood" x1="0" x2="1"><stop offset="0" stop-color="#e9c88a"/>` +
      `<stop offset="1" stop-color="#b8894a"/></linearGradient></defs>${body}`,
  );
}
