import { isbot } from "isbot";

// Which requests are page views and what is counted of each (docs/product.md 13.1). The rows are
// daily aggregates in visit_counts, one per (day, dimension, value).

export const VISIT_DIMENSIONS = ["total", "page", "source", "utm_medium", "utm_campaign", "device"] as const;
export type VisitDimension = (typeof VISIT_DIMENSIONS)[number];

export const DEVICE_CLASSES = ["mobile", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** How often each instance adds its counts to the database (app/services/visits/visits.server.ts). */
export const FLUSH_INTERVAL_MS = 5_000;

/** The value of the 'total' row, and of the 'source' row of visits with no referrer and no utm_source. */
export const NO_VALUE = "";

/** Longer values are cut: a crafted utm_campaign must not fill a row with a kilobyte. */
const MAX_VALUE_LENGTH = 100;
const MAX_PATH_LENGTH = 200;

export interface PageView {
  path: string;
  /** utm_source as given, else the referrer's host, else NO_VALUE (a direct visit). */
  source: string;
  utmMedium: string | null;
  utmCampaign: string | null;
  device: DeviceClass;
}

export interface AnsweredRequest {
  method: string | undefined;
  url: string | undefined;
  headers: { "user-agent"?: string; referer?: string; purpose?: string; "sec-purpose"?: string };
  status: number;
}

// Not pages: the admin (and its data requests), files, health checks, uploads, webhooks and the
// chat widget's resource routes. The order-status page is a client's own, its address a secret.
const NOT_PAGES =
  /^\/(?:admin(?:$|[/.])|assets\/|healthz$|uploads\/|webhooks\/|chat\/(?:messages|new)$|order\/status\/)/;
const FILE_NAME = /\.[a-z0-9]+$/i;
// A client-side navigation asks for the page's data (/services.data; the home page's is /_root.data).
const DATA_REQUEST = /\.data$/;

/**
 * The page a request viewed, or null when it is not a page view: only a GET answered 200, or 304
 * (the browser's copy was still good, so the visitor saw the page). Redirects count as the page
 * they lead to; 404s and errors are not pages of the site.
 */
export function viewedPath({ method, url = "", headers, status }: AnsweredRequest): string | null {
  if (method !== "GET" || (status !== 200 && status !== 304)) return null;
  // A link the browser fetched ahead, in case it is followed: not a view.
  if (/prefetch/i.test(headers["sec-purpose"] ?? headers.purpose ?? "")) return null;
  const queryStart = url.indexOf("?");
  let path = queryStart === -1 ? url : url.slice(0, queryStart);
  if (!path.startsWith("/") || NOT_PAGES.test(path)) return null;
  if (DATA_REQUEST.test(path)) path = path === "/_root.data" ? "/" : path.slice(0, -".data".length);
  else if (FILE_NAME.test(path)) return null;
  return path.slice(0, MAX_PATH_LENGTH);
}

/** What is counted of a page view, or null when the request is not one (viewedPath) or comes from a bot. */
export function pageViewOf(request: AnsweredRequest, ownHosts: readonly string[]): PageView | null {
  const path = viewedPath(request);
  if (path === null) return null;
  const device = visitorDevice(request.headers["user-agent"]);
  if (device === null) return null;
  const campaign = campaignOf(request.url ?? "");
  return {
    path,
    source: campaign.source ?? referrerHost(request.headers.referer, ownHosts) ?? NO_VALUE,
    utmMedium: campaign.medium,
    utmCampaign: campaign.campaign,
    device,
  };
}

// isbot's pattern is long: each user agent is read once (browsers send few distinct ones).
const MAX_KNOWN_USER_AGENTS = 1000;
const knownUserAgents = new Map<string, DeviceClass | null>();

/** The device class of a visitor's user agent; null for a bot, or for no user agent at all. */
export function visitorDevice(userAgent: string | undefined): DeviceClass | null {
  if (!userAgent) return null;
  let device = knownUserAgents.get(userAgent);
  if (device === undefined) {
    device = isbot(userAgent) ? null : deviceClass(userAgent);
    if (knownUserAgents.size >= MAX_KNOWN_USER_AGENTS) knownUserAgents.clear();
    knownUserAgents.set(userAgent, device);
  }
  return device;
}

function cleanValue(value: string | null): string | null {
  const trimmed = value?.trim().slice(0, MAX_VALUE_LENGTH);
  return trimmed ? trimmed : null;
}

export interface Campaign {
  source: string | null;
  medium: string | null;
  campaign: string | null;
}

const NO_CAMPAIGN: Campaign = Object.freeze({ source: null, medium: null, campaign: null });

/** utm_source, utm_medium and utm_campaign of a URL, as given (trimmed, cut to MAX_VALUE_LENGTH). */
export function campaignOf(url: string): Campaign {
  const queryStart = url.indexOf("?");
  if (queryStart === -1 || !url.includes("utm_", queryStart)) return NO_CAMPAIGN;
  const query = new URLSearchParams(url.slice(queryStart + 1));
  return {
    source: cleanValue(query.get("utm_source")),
    medium: cleanValue(query.get("utm_medium")),
    campaign: cleanValue(query.get("utm_campaign")),
  };
}

/** The referring site's host without "www.", or null: none, not a web address, or one of ours. */
export function referrerHost(referer: string | undefined, ownHosts: readonly string[]): string | null {
  if (!referer) return null;
  // Most referrers are our own pages (a visitor going from page to page): told without parsing.
  for (const own of ownHosts) {
    if (referer.startsWith(`https://${own}/`) || referer.startsWith(`http://${own}/`)) return null;
  }
  let host: string;
  try {
    const url = new URL(referer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    host = url.host.toLowerCase();
  } catch {
    return null;
  }
  if (ownHosts.some((own) => own.toLowerCase() === host)) return null;
  return host.replace(/^www\./, "").slice(0, MAX_VALUE_LENGTH) || null;
}

// Tablets first: an Android tablet says "Android" without "Mobile", an iPad says "iPad".
const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i;
const MOBILE = /Mobi|iPhone|iPod|Android|BlackBerry|Opera Mini|IEMobile|Windows Phone/i;

/** The device class a user agent names; iPadOS presents itself as a Mac, so it counts as desktop. */
export function deviceClass(userAgent: string): DeviceClass {
  if (TABLET.test(userAgent)) return "tablet";
  if (MOBILE.test(userAgent)) return "mobile";
  return "desktop";
}

/** The rows a page view adds one view to. */
export function dimensionsOf(view: PageView): Array<[VisitDimension, string]> {
  const rows: Array<[VisitDimension, string]> = [
    ["total", NO_VALUE],
    ["page", view.path],
    ["source", view.source],
    ["device", view.device],
  ];
  if (view.utmMedium) rows.push(["utm_medium", view.utmMedium]);
  if (view.utmCampaign) rows.push(["utm_campaign", view.utmCampaign]);
  return rows;
}
