// The rules card: sentences composed from the variant's parameters (RULES.md 7) in the current
// language, so every preset and option reads correctly in all six languages; the preset's own
// rule text with its sources follows in English.

import { SPECIAL_HOUSES } from "./symbols.js";
import { andList, orList, t } from "./i18n.js";

export function ruleSentences(p) {
  const n = p.pieces;
  const sentences = [
    t("rules.pieces", { n, last: 2 * n }),
    t("rules.track"),
    // the side starting on the even houses opens (RULES.md 3)
    t("rules.opening", { side: t(`side.${p.odd_side === "W" ? "B" : "W"}`), from: 2 * n, to: 2 * n + 1 }),
  ];
  if (p.open9) sentences.push(t("rules.open9"));
  sentences.push(t("rules.sticks", { face: t(`face.${p.counting_face}`), zero: p.zero_value }));
  const extra = [...p.extra].sort((a, b) => a - b);
  sentences.push(extra.length ? t("rules.extra", { values: orList(extra) }) : t("rules.noextra"));
  sentences.push(t(`rules.attack.${p.capture}`));
  if (p.pairs) sentences.push(t("rules.protect", { block: p.block }));
  sentences.push(t("rules.safe", { houses: andList([...p.safe].sort((a, b) => a - b)) }));
  if (p.backward !== "no") sentences.push(t(`rules.backward.${p.backward}`));
  sentences.push(t(`rules.nomove.${p.no_move}`));
  if (p.happiness !== "none") sentences.push(t(`rules.happiness.${p.happiness}`));
  sentences.push(t(`rules.water.${p.water}`));
  if (p.bear_off_when !== "always") sentences.push(t(`rules.when.${p.bear_off_when}`));
  sentences.push(t(`rules.how.${p.bear_off_how}`));
  sentences.push(t("rules.win"));
  if (p.score_rows) {
    const [row1, row2, row3] = p.score_rows;
    sentences.push(t("rules.score", { row1, row2, row3 }));
  }
  return sentences;
}

export function renderRules(variant, { list, source, key }) {
  list.textContent = "";
  for (const sentence of ruleSentences(variant.parameters)) {
    const item = document.createElement("li");
    item.textContent = sentence;
    list.append(item);
  }
  source.textContent = "";
  for (const line of [...variant.rules, ...variant.options.map((option) => option.text)]) {
    const item = document.createElement("li");
    item.textContent = line;
    source.append(item);
  }
  key.textContent = "";
  for (const [house, special] of Object.entries(SPECIAL_HOUSES)) {
    const entry = document.createElement("div");
    entry.innerHTML =
      `<span class="house special"><span class="number">${house}</span>` +
      `<span class="symbol">${special.svg}</span></span>`;
    const name = document.createElement("span");
    name.textContent = t(special.key);
    entry.append(name);
    key.append(entry);
  }
}
