// Translations: one JSON file per language under lang/, English as the fallback for any key a
// language lacks. Arabic turns the page right to left; the board itself keeps the physical
// board's left-to-right order (see board.js).

export const LANGUAGES = ["en", "fr", "de", "it", "hu", "ar"];
const RTL = new Set(["ar"]);
const STORAGE_KEY = "senet-kiosk-language";

let current = "en";
let strings = {};
let fallback = {};
const loaded = {};
const listeners = [];

async function load(lang) {
  if (!loaded[lang]) {
    const response = await fetch(`lang/${lang}.json`);
    if (!response.ok) throw new Error(`no translation for ${lang}`);
    loaded[lang] = await response.json();
  }
  return loaded[lang];
}

// Every language at once (a few kilobytes), for texts shown in all of them in turn.
export async function loadAll() {
  await Promise.all(LANGUAGES.map(load));
}

// A text in a given language (after `loadAll`), English when missing; `dir` says its direction.
export function textIn(lang, key) {
  const text = (loaded[lang] && loaded[lang][key]) || fallback[key] || key;
  return { text, dir: RTL.has(lang) ? "rtl" : "ltr", lang };
}

export function language() {
  return current;
}

export function onLanguageChange(listener) {
  listeners.push(listener);
}

export function savedLanguage() {
  const saved = window.localStorage.getItem(STORAGE_KEY);
  if (saved && LANGUAGES.includes(saved)) return saved;
  const browser = (navigator.language || "en").slice(0, 2);
  return LANGUAGES.includes(browser) ? browser : "en";
}

export async function setLanguage(lang) {
  if (!LANGUAGES.includes(lang)) lang = "en";
  if (!Object.keys(fallback).length) fallback = await load("en");
  strings = lang === "en" ? fallback : await load(lang);
  current = lang;
  document.documentElement.lang = lang;
  document.documentElement.dir = RTL.has(lang) ? "rtl" : "ltr";
  window.localStorage.setItem(STORAGE_KEY, lang);
  for (const element of document.querySelectorAll("[data-i18n]")) {
    element.textContent = t(element.dataset.i18n);
  }
  for (const listener of listeners) listener(lang);
}

export function has(key) {
  return key in strings || key in fallback;
}

// `{name}` in a template replaced by `params.name` (left as is when not given).
export function fill(template, params) {
  return template.replace(/\{(\w+)\}/g, (match, name) =>
    name in params ? String(params[name]) : match,
  );
}

// `t("winner", {side: "Dark"})`: the sentence in the current language, `{name}` filled in.
export function t(key, params = {}) {
  return fill(strings[key] ?? fallback[key] ?? key, params);
}

// "1, 4 or 6" / "1, 4 ou 6" / "1، 4 أو 6", in the current language.
export function orList(items) {
  return new Intl.ListFormat(current, { type: "disjunction" }).format(items.map(String));
}

export function andList(items) {
  return new Intl.ListFormat(current, { type: "conjunction" }).format(items.map(String));
}
