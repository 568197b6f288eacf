import { useEffect } from "react";
import { toast } from "#web/lib/toast.ts";

/** Admin errors show the server's message as a toast, loads as well as actions. */
export function useToastLoadError(error: Error | null) {
  useEffect(() => {
    if (error) toast.error("Error", error.message);
  }, [error]);
}
