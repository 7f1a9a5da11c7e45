/** One verdict of the verification report. */
export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}
