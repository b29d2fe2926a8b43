/** Blog categories, in the order the filter shows them after "all". */
export const blogCategories = ['hair-transplant', 'dental-implants', 'medical-tourism'] as const;
export type BlogCategory = (typeof blogCategories)[number];
