import type { ReactNode } from "react";
import type { CategorySlug } from "~/config/shop";
import { Icon } from "../icons";

/** Decorative line icons for the device categories, a touch finer than the others. */
const DeviceIcon = ({ children }: { children: ReactNode }) => (
  <Icon strokeWidth={1.75}>{children}</Icon>
);

const PhoneDevice = () => (
  <DeviceIcon>
    <rect x="6" y="2" width="12" height="20" rx="2.5" />
    <path d="M10.5 18.5h3" />
  </DeviceIcon>
);

const TabletDevice = () => (
  <DeviceIcon>
    <rect x="3.5" y="2" width="17" height="20" rx="2.5" />
    <path d="M10.5 18.5h3" />
  </DeviceIcon>
);

const LaptopDevice = () => (
  <DeviceIcon>
    <rect x="4" y="4" width="16" height="11" rx="1.5" />
    <path d="M2 19h20l-2-4H4z" />
  </DeviceIcon>
);

const WatchDevice = () => (
  <DeviceIcon>
    <rect x="6" y="6" width="12" height="12" rx="3" />
    <path d="M9 6l.5-4h5l.5 4M9 18l.5 4h5l.5-4M12 10v2.5l1.5 1" />
  </DeviceIcon>
);

const ConsoleDevice = () => (
  <DeviceIcon>
    <path d="M7 7h10a5 5 0 0 1 4.8 6.4l-1 3.4a2.5 2.5 0 0 1-4.3.9L14.8 16H9.2l-1.7 1.7a2.5 2.5 0 0 1-4.3-.9l-1-3.4A5 5 0 0 1 7 7z" />
    <path d="M7 10v3M5.5 11.5h3M16 11h.01M18 12.5h.01" />
  </DeviceIcon>
);

export const WrenchIcon = () => (
  <DeviceIcon>
    <path d="M14.7 6.3a4 4 0 0 0 5 5l-8.4 8.4a2.1 2.1 0 0 1-3-3z" />
    <path d="M14.7 6.3 17 4l3 3-2.3 2.3" />
  </DeviceIcon>
);

export const deviceIcons: Record<CategorySlug, () => ReactNode> = {
  mobile: PhoneDevice,
  tablet: TabletDevice,
  laptop: LaptopDevice,
  watch: WatchDevice,
  console: ConsoleDevice,
};
