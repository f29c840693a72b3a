/** Pages and the service worker tell each other here that the kept submissions changed. */
export const offlineChannelName = "wefix-offline";
