// A toast: the short message a page shows once after an action (admin §8's messages are toasts).
export interface Toast {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}
