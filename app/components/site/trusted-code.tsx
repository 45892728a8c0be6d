import { useEffect, useRef } from "react";

import { type EmbedCode, type EmbedScript, safeStyleText } from "~/lib/embed-code";
import { useNonce } from "~/lib/nonce";

// Admin-provided code (the voice-agent embed and custom CSS/JS). It is trusted content, but the
// CSP only lets scripts run that our nonced bundle creates, and scripts that arrive through
// innerHTML never run, on the server render or after a client-side navigation alike. So each
// script is re-created here with document.createElement, once per page load.
const started = new Set<string>();

function runScripts(target: HTMLElement, scripts: EmbedScript[]) {
  for (const script of scripts) {
    const key = script.attributes.src ?? script.content;
    if (started.has(key)) continue;
    started.add(key);
    const element = document.createElement("script");
    for (const [name, value] of Object.entries(script.attributes)) element.setAttribute(name, value);
    // Created scripts are async by default; without an explicit async, keep the snippet's order.
    if (!("async" in script.attributes)) element.async = false;
    element.text = script.content;
    target.appendChild(element);
  }
}

function useScripts(scripts: EmbedScript[]) {
  const target = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (target.current) runScripts(target.current, scripts);
  }, [scripts]);
  return target;
}

export function VoiceAgentEmbed({ embed }: { embed: EmbedCode }) {
  const scriptTarget = useScripts(embed.scripts);
  return (
    <div data-voice-agent-embed="">
      {embed.markup ? <div dangerouslySetInnerHTML={{ __html: embed.markup }} /> : null}
      <div ref={scriptTarget} hidden />
    </div>
  );
}

export function CustomCode({ css, scripts }: { css: string | null; scripts: EmbedScript[] }) {
  const nonce = useNonce();
  const scriptTarget = useScripts(scripts);
  return (
    <>
      {css ? <style nonce={nonce} data-custom-css="" dangerouslySetInnerHTML={{ __html: safeStyleText(css) }} /> : null}
      {scripts.length ? <div ref={scriptTarget} hidden data-custom-js="" /> : null}
    </>
  );
}
