// server/app.ts copies the client address Express resolved (honouring its `trust proxy` setting) into this
// header, overwriting anything the client sent, because a Fetch Request carries no peer address.
export const CLIENT_IP_HEADER = "x-things-to-do-client-ip";

export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) || "unknown";
}
