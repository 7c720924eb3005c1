/**
 * A reply body that is JSON text already (a read worker serialised it where the search ran): the response
 * serialiser (openapi.ts) sends the text as it is instead of serialising the value again, and still checks it
 * against the route's schema when responses are validated (tests).
 */
export class JsonText {
  constructor(readonly text: string) {}
}
