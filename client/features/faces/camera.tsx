// The front camera in a <video>: started when asked, stopped when the component goes; a refusal or a device
// without a camera is face.noCamera.
import { useEffect, useRef, useState } from "react";

export type CameraState = "starting" | "on" | "face.noCamera";

export function useCamera(): { video: React.RefObject<HTMLVideoElement | null>; state: CameraState } {
  const video = useRef<HTMLVideoElement | null>(null);
  const [state, setState] = useState<CameraState>("starting");
  useEffect(() => {
    let stream: MediaStream | null = null;
    let cancelled = false;
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error("no camera");
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: "user", width: { ideal: 640 }, height: { ideal: 480 } },
          audio: false,
        });
        if (cancelled) return;
        const v = video.current!;
        v.srcObject = stream;
        await v.play();
        setState("on");
      } catch {
        if (!cancelled) setState("face.noCamera");
      }
    })();
    return () => {
      cancelled = true;
      for (const t of stream?.getTracks() ?? []) t.stop();
    };
  }, []);
  return { video, state };
}
