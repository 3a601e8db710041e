// A document the registry serves as stored bytes: the repositories keep it, the routes answer with it.

/** A prepared JSON document: the exact bytes to serve and their ETag. */
export interface Prepared {
  body: string;
  etag: string;
}
