/** The frame every HTML e-mail of ours shares; `{{> body}}` is the template's own part. */
export const HTML_LAYOUT = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">
{{> body}}
</body></html>`;
