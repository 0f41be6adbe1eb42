/** See generated-photo.mjs. */
export function generatedPhoto(options?: { width?: number; height?: number; seed?: number; format?: 'jpeg' | 'png' }): Promise<Buffer>;
