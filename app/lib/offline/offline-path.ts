export const offlinePath = "/offline";
