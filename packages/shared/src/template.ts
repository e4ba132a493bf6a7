/** Fills `{{name}}` placeholders (the i18next syntax) from `values`; an unknown one stays as is. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}
