import { contact } from "~/config/shop";
import { WhatsAppIcon } from "../icons";

/** The header's chat link: an icon button, so nothing has to float over the page. */
export function WhatsAppButton() {
  return (
    <a
      href={contact.whatsapp.href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat with us on WhatsApp"
      className="icon-button bg-whatsapp text-2xl text-white hover:brightness-110"
    >
      <WhatsAppIcon />
    </a>
  );
}
