/** A toast as the flash cookie carries it and the page shows it (app/server/toast.server.ts). */
export type Toast = {
  id: string;
  type: "message" | "success" | "destructive";
  title: string;
  description?: string | undefined;
};
