/**
 * Arabic strings of the trip built from the chosen quote (issue 44). adminTripAr is spread into
 * admin-ar.ts (the back office's timeline); trip-en.ts has the same keys.
 */
export const adminTripAr = {
  'admin.trip.event': 'خطة الرحلة',
  'admin.trip.event.created': 'أُنشئت خطة الرحلة من العرض المختار',
  'admin.trip.event.changed': 'عُدّلت: {fields}',
  'admin.trip.event.patient': 'المريض: خطة الرحلة',
  'admin.trip.event.datesConfirmed': 'أكّد المريض مواعيد السفر: {from} – {to}',
  'admin.trip.event.travel': 'أضاف المريض تفاصيل السفر: رحلات {flights}، مرافقون {companions}',
  'admin.trip.field.arrival_on': 'تاريخ الوصول',
  'admin.trip.field.procedure_on': 'تاريخ العملية',
  'admin.trip.field.departure_on': 'تاريخ المغادرة',
  'admin.trip.field.clinic_name': 'العيادة',
  'admin.trip.field.clinic_address': 'عنوان العيادة',
  'admin.trip.field.clinic_address_local': 'عنوان العيادة باللغة المحلية',
  'admin.trip.field.hotel_name': 'الفندق',
  'admin.trip.field.hotel_address': 'عنوان الفندق',
  'admin.trip.field.hotel_address_local': 'عنوان الفندق باللغة المحلية',
  'admin.trip.field.transfer': 'التنقلات',
  'admin.trip.field.interpreter': 'المترجم',
  'admin.trip.field.emergency_phone': 'رقم الطوارئ على مدار الساعة',
  'admin.trip.field.days': 'برنامج الأيام',
  'admin.trip.nothingChanged': 'لا تغيير',
} as const;
