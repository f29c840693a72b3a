import { contact } from "~/config/shop";
import { WhatsAppIcon } from "../icons";

export function WhatsAppButton() {
  return (
    // Outside header, main and footer, so it needs a landmark of its own.
    <aside aria-label="WhatsApp chat">
      <a
        href={contact.whatsapp.href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Chat with us on WhatsApp"
        className="fixed bottom-5 right-5 z-40 inline-flex h-14 w-14 items-center justify-center rounded-full bg-whatsapp text-3xl text-white shadow-lg transition-transform hover:scale-105"
      >
        <WhatsAppIcon />
      </a>
    </aside>
  );
}
