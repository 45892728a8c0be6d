import { DEFAULT_SETTINGS } from "../../app/copy/site";
import { BROWSER_HEADERS, cookieHeader, keepCookies } from "./http";

/**
 * An admin's browser without JavaScript: the sign-in form, then the webhook form
 * (docs/product.md §2, /admin/login and /admin/webhooks/new), posted with the site's Origin.
 */
export class AdminBrowser {
  private readonly jar = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  private async post(path: string, fields: Record<string, string>): Promise<Response> {
    const response = await fetch(this.baseUrl + path, {
      method: "POST",
      redirect: "manual",
      headers: {
        ...BROWSER_HEADERS,
        Origin: this.baseUrl,
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: cookieHeader(this.jar),
      },
      body: new URLSearchParams(fields).toString(),
    });
    keepCookies(this.jar, response);
    await response.arrayBuffer();
    return response;
  }

  /** The Cookie header of the signed-in admin, for requests of the bench's own. */
  cookie(): string {
    return cookieHeader(this.jar);
  }

  async signIn(username: string, password: string): Promise<void> {
    const response = await this.post("/admin/login", { username, password, redirectTo: "" });
    if (response.status !== 302 && response.status !== 303) {
      throw new Error(`Signing in as ${username} answered ${response.status}, not a redirect`);
    }
  }

  /** An active chat webhook that receives every chat message first (docs/product.md §7, fan-out). */
  async addChatWebhook(name: string, url: string): Promise<void> {
    const response = await this.post("/admin/webhooks/new", { name, url, method: "POST", headers: "", isActive: "on" });
    const location = response.headers.get("location") ?? "";
    if (response.status >= 400 || !location.endsWith("/admin/webhooks")) {
      throw new Error(`Saving the webhook form answered ${response.status} ${location}`);
    }
  }

  /**
   * Settings → Visits → Count visits, through the settings form (docs/product.md 13.1), with the
   * seed's company texts: the pages measured on and off are alike.
   */
  async setCountVisits(on: boolean): Promise<void> {
    const { companyName, workflowToolName, homepageHeadline, homepageSubtext, supportEmail } = DEFAULT_SETTINGS;
    const response = await this.post("/admin/settings", {
      companyName,
      workflowToolName,
      homepageHeadline,
      homepageSubtext,
      supportEmail,
      countVisitsShown: "on",
      ...(on ? { countVisits: "on" } : {}),
    });
    if (response.status !== 302 && response.status !== 303) {
      throw new Error(`Saving the settings form answered ${response.status}, not a redirect`);
    }
  }
}
