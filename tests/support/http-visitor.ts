// A visitor without JavaScript, over HTTP: plain form posts, a cookie jar, redirects followed
// by hand so each answer can be checked. What it reads is the HTML the server sent.

export interface Answer {
  status: number;
  location: string | null;
  html: string;
  headers: Headers;
}

export class HttpVisitor {
  constructor(
    readonly baseUrl: string,
    private readonly cookies = new Map<string, string>(),
  ) {}

  /**
   * A visitor at `baseUrl` (another instance of the site, behind the same address) holding a copy
   * of this one's cookies as they are now: what this one does from here on does not change it.
   */
  withCookiesAt(baseUrl: string): HttpVisitor {
    return new HttpVisitor(baseUrl, new Map(this.cookies));
  }

  async get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
    return this.send(path, { method: "GET", headers });
  }

  /** A form post as a browser sends it without JavaScript (same-origin; url-encoded, or multipart for FormData). */
  async post(
    path: string,
    fields: Record<string, string> | FormData,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const multipart = fields instanceof FormData;
    return this.send(path, {
      method: "POST",
      body: multipart ? fields : new URLSearchParams(fields),
      headers: {
        ...(multipart ? {} : { "Content-Type": "application/x-www-form-urlencoded" }),
        Origin: this.baseUrl,
        ...headers,
      },
    });
  }

  /** Posts, and when the answer is a redirect, loads the page it leads to (where its toast shows). */
  async submit(path: string, fields: Record<string, string>): Promise<Answer & { posted: Answer }> {
    const posted = await this.post(path, fields);
    const page = posted.location ? await this.get(posted.location) : posted;
    return { ...page, posted };
  }

  /** Signs in through the login form; throws unless the server answered with the redirect of a success. */
  async signIn(username: string, password: string): Promise<void> {
    const answer = await this.post("/admin/login", { username, password });
    if (answer.status !== 302) throw new Error(`Signing in as ${username} failed with status ${answer.status}`);
    // Reading a page takes the "Login successful" toast, so it does not show on the page tested next.
    await this.get(answer.location!);
  }

  private async send(path: string, init: RequestInit & { headers: Record<string, string> }): Promise<Answer> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await fetch(new URL(path, this.baseUrl), {
      ...init,
      redirect: "manual",
      headers: { ...(cookie ? { Cookie: cookie } : {}), ...init.headers },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";");
      const at = pair.indexOf("=");
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1)];
      const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return {
      status: response.status,
      location: response.headers.get("Location"),
      html: await response.text(),
      headers: response.headers,
    };
  }
}

/** The text of an HTML fragment as a reader sees it: tags dropped, entities decoded, spaces collapsed. */
export function visibleText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&(#x?[0-9a-f]+|amp|lt|gt|quot|apos|nbsp);/gi, (_, entity: string) => {
      const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
      if (entity[0] !== "#") return named[entity.toLowerCase()];
      return String.fromCodePoint(
        entity[1].toLowerCase() === "x" ? parseInt(entity.slice(2), 16) : Number(entity.slice(1)),
      );
    })
    .replace(/\s+/g, " ")
    .trim();
}

export interface ShownToast {
  type: string;
  message: string;
  description?: string;
}

/**
 * The flash toast the page shows (the server renders it, so it is there without JavaScript): its
 * type, title and description as a reader sees them; undefined when the page has none.
 */
export function toastOn(html: string): ShownToast | undefined {
  const start = html.search(/data-toast="\w+"/);
  if (start < 0) return undefined;
  const type = /data-toast="(\w+)"/.exec(html.slice(start))![1];
  // The card's title and description are its first paragraphs, before the card's text box closes.
  const card = html.slice(start, html.indexOf("</div>", start));
  const [message, description] = [...card.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/g)].map((m) => visibleText(m[1]));
  return { type, message, description };
}
