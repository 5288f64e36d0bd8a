/** Worker-thread entry of PdfRenderer: one entity report per task. */
import { entityPdf } from './entityPdf';

export default async function render(task: { entity: Record<string, unknown>; generatedAt: number }): Promise<Uint8Array> {
  return entityPdf(task.entity, new Date(task.generatedAt));
}
