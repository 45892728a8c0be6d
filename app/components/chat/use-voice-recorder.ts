import { useCallback, useEffect, useRef, useState } from "react";

import { CHAT_ERROR } from "~/copy/chat";

import { recordingToWav } from "./wav";

/** Recording stops by itself after two minutes, well within the server's size limit. */
export const MAX_RECORDING_MS = 2 * 60 * 1000;

export type RecorderState = "idle" | "starting" | "recording" | "encoding";

/**
 * Records from the microphone, then hands over the recording as a WAV file. The microphone is
 * released as soon as recording stops; a refused permission is reported, not swallowed.
 */
export function useVoiceRecorder(handlers: { onRecorded: (wav: File) => void; onError: (message: string) => void }) {
  const [state, setState] = useState<RecorderState>("idle");
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Counts starts and cancels, so a start that was cancelled while waiting knows it. */
  const attempts = useRef(0);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  const release = useCallback(() => {
    clearTimeout(timer.current);
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    recorder.current = null;
  }, []);

  const stop = useCallback(() => {
    if (recorder.current?.state === "recording") recorder.current.stop();
  }, []);

  /** Stops without sending (the panel closed, the page is leaving). */
  const cancel = useCallback(() => {
    attempts.current++;
    if (recorder.current) recorder.current.onstop = null;
    stop();
    release();
    setState("idle");
  }, [release, stop]);

  const start = useCallback(async () => {
    if (recorder.current || !navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === "undefined") {
      if (!recorder.current) latest.current.onError(CHAT_ERROR.microphoneUnavailable);
      return;
    }
    const attempt = ++attempts.current;
    setState("starting");
    let microphone: MediaStream;
    try {
      microphone = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      console.error("microphone unavailable", error);
      if (attempt !== attempts.current) return;
      setState("idle");
      const refused =
        error instanceof DOMException && (error.name === "NotAllowedError" || error.name === "SecurityError");
      latest.current.onError(refused ? CHAT_ERROR.microphoneDenied : CHAT_ERROR.microphoneUnavailable);
      return;
    }
    stream.current = microphone;
    // Cancelled while the browser asked for permission: the panel is gone, so is the recording.
    if (attempt !== attempts.current) {
      release();
      return;
    }
    const chunks: Blob[] = [];
    try {
      const mediaRecorder = new MediaRecorder(microphone);
      mediaRecorder.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      mediaRecorder.onstop = async () => {
        release();
        setState("encoding");
        try {
          const wav = await recordingToWav(new Blob(chunks, { type: mediaRecorder.mimeType }));
          latest.current.onRecorded(new File([wav], "voice-message.wav", { type: "audio/wav" }));
        } catch (error) {
          console.error("encoding the voice message failed", error);
          latest.current.onError(CHAT_ERROR.recordingFailed);
        } finally {
          setState("idle");
        }
      };
      recorder.current = mediaRecorder;
      mediaRecorder.start();
    } catch (error) {
      // Without this the microphone stays on and the Voice button stuck in "starting".
      console.error("starting the recording failed", error);
      release();
      setState("idle");
      latest.current.onError(CHAT_ERROR.recordingFailed);
      return;
    }
    setState("recording");
    timer.current = setTimeout(stop, MAX_RECORDING_MS);
  }, [release, stop]);

  useEffect(() => cancel, [cancel]);

  return { state, start, stop, cancel };
}
