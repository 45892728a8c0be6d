import { type Dispatch, useState } from "react";

import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { LIVE_CHAT_TEXT } from "~/copy/live-chat";
import type { HandoffView } from "~/lib/chat";

import { type ChatEvent, postInTurn } from "./use-chat-state";

const HANDOFF_URL = "/chat/handoff";

/**
 * "Talk to a person": hands the conversation to staff (POST /chat/handoff, as the /chat page's
 * form does without JavaScript); the answer says what the visitor is told.
 */
export function TalkToPerson({ dispatch, disabled }: { dispatch: Dispatch<ChatEvent>; disabled: boolean }) {
  const [asking, setAsking] = useState(false);
  async function ask() {
    setAsking(true);
    try {
      const response = await postInTurn(HANDOFF_URL, {
        body: new FormData(),
        headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(`handoff answered ${response.status}`);
      const { handoff } = (await response.json()) as { handoff: HandoffView };
      dispatch({ type: "handedOff", handoff });
    } catch {
      dispatch({ type: "noticed", notice: LIVE_CHAT_TEXT.handoffFailed });
    } finally {
      setAsking(false);
    }
  }
  return (
    <Button variant="secondary" size="sm" onClick={() => void ask()} disabled={disabled || asking}>
      <Icon name="user-round" className="size-3.5" />
      {asking ? LIVE_CHAT_TEXT.askingTeam : LIVE_CHAT_TEXT.talkToPerson}
    </Button>
  );
}
