// Plural forms as gettext numbers them, from the browser's own plural rules.

const ORDER = {
  ru: ["one", "few", "many"],
  bg: ["one", "other"],
  de: ["one", "other"],
  en: ["one", "other"],
};

/** The index of the gettext form for n in lang (ru: 1 очко, 2 очка, 5 очков). */
export function pluralIndex(lang, n) {
  const order = ORDER[lang] || ORDER.en;
  const category = new Intl.PluralRules(lang).select(n);
  const index = order.indexOf(category);
  return index >= 0 ? index : order.length - 1;
}

/** "{n} points" in the right form, given the catalog's forms. */
export function plural(lang, forms, n) {
  const form = forms[Math.min(pluralIndex(lang, n), forms.length - 1)];
  return String(form).replace("{n}", String(n));
}
