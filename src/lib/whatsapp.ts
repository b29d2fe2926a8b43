/** A wa.me chat link to `number` (digits only, with country code) with a prefilled message. */
export function whatsappUrl(number: string, message: string): string {
  const digits = number.replace(/\D/g, '');
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}
