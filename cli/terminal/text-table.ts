/** Lays rows out in columns padded to the widest cell (last column unpadded), with a header row. */
export function textTable(header: string[], rows: string[][], indent = ""): string {
  const widths = header.map((h, i) =>
    Math.max(displayWidth(h), ...rows.map((r) => displayWidth(r[i] ?? ""))),
  );
  const line = (cells: string[]) =>
    indent +
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c + " ".repeat((widths[i] ?? 0) - displayWidth(c))))
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)].join("\n");
}

/** The columns a text takes on a terminal: East Asian wide characters take two (display names such as 通达信). */
export function displayWidth(text: string): number {
  let w = 0;
  for (const ch of text)
    w += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(
      ch,
    )
      ? 2
      : 1;
  return w;
}
