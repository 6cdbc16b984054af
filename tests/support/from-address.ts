import http from "node:http";

export interface AddressedAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * A form post as the site's page sends it, from a chosen loopback address (127.0.0.2,
 * 127.0.0.3 ...): each address is a different client to the server, which fetch cannot be.
 */
export function postFormFrom(server: { url: string }, localAddress: string, path: string, fields: Record<string, string>): Promise<AddressedAnswer> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(path, server.url),
      {
        method: "POST",
        localAddress,
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), Origin: server.url },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
