/**
 * Types of the database as supabase-js sees it, generated from supabase/migrations by
 * `node local/gen-types.ts --write` (same shape as `supabase gen types typescript`).
 * Do not edit by hand: supabase/tests/database-types.test.ts fails when this file drifts.
 */

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  // Lets createClient<Database>() pick the PostgREST version without a second type argument.
  __InternalSupabase: {
    PostgrestVersion: '12';
  };
  public: {
    Tables: {
      aftercare_checkins: {
        Row: {
          answer: string | null;
          answered_at: string | null;
          created_at: string;
          day: number;
          due_on: string;
          file_id: string | null;
          id: string;
          note: string | null;
          photos: boolean;
          request_id: string;
          sent_at: string | null;
        };
        Insert: {
          answer?: string | null;
          answered_at?: string | null;
          created_at?: string;
          day: number;
          due_on: string;
          file_id?: string | null;
          id?: string;
          note?: string | null;
          photos?: boolean;
          request_id: string;
          sent_at?: string | null;
        };
        Update: {
          answer?: string | null;
          answered_at?: string | null;
          created_at?: string;
          day?: number;
          due_on?: string;
          file_id?: string | null;
          id?: string;
          note?: string | null;
          photos?: boolean;
          request_id?: string;
          sent_at?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'aftercare_checkins_request_id_fkey';
            columns: ['request_id'];
            isOneToOne: false;
            referencedRelation: 'contact_requests';
            referencedColumns: ['id'];
          },
        ];
      };
      clinic_accreditations: {
        Row: {
          body: string;
          certificate_number: string;
          checked_at: string;
          checked_by: string | null;
          checked_by_name: string | null;
          clinic_id: string;
          created_at: string;
          id: string;
          valid_until: string;
        };
        Insert: {
          body: string;
          certificate_number: string;
          checked_at?: string;
          checked_by?: string | null;
          checked_by_name?: string | null;
          clinic_id: string;
          created_at?: string;
          id?: string;
          valid_until: string;
        };
        Update: {
          body?: string;
          certificate_number?: string;
          checked_at?: string;
          checked_by?: string | null;
          checked_by_name?: string | null;
          clinic_id?: string;
          created_at?: string;
          id?: string;
          valid_until?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'clinic_accreditations_clinic_id_fkey';
            columns: ['clinic_id'];
            isOneToOne: false;
            referencedRelation: 'clinics';
            referencedColumns: ['id'];
          },
        ];
      };
      clinic_reviews: {
        Row: {
          body: string;
          clinic_id: string;
          consent_version: string;
          consented_at: string;
          decided_at: string | null;
          decided_by: string | null;
          edited_at: string;
          id: string;
          months_after: number;
          quote_id: string;
          rating: number;
          refusal_note: string | null;
          refusal_rule: string | null;
          reply: string | null;
          reply_at: string | null;
          request_id: string;
          service: string;
          shown_as: string;
          shown_name: string | null;
          status: string;
          treated_on: string;
          updated_at: string;
          updated_by: string | null;
          written_at: string;
        };
        Insert: {
          body: string;
          clinic_id: string;
          consent_version: string;
          consented_at: string;
          decided_at?: string | null;
          decided_by?: string | null;
          edited_at?: string;
          id?: string;
          months_after: number;
          quote_id: string;
          rating: number;
          refusal_note?: string | null;
          refusal_rule?: string | null;
          reply?: string | null;
          reply_at?: string | null;
          request_id: string;
          service: string;
          shown_as: string;
          shown_name?: string | null;
          status?: string;
          treated_on: string;
          updated_at?: string;
          updated_by?: string | null;
          written_at?: string;
        };
        Update: {
          body?: string;
          clinic_id?: string;
          consent_version?: string;
          consented_at?: string;
          decided_at?: string | null;
          decided_by?: string | null;
          edited_at?: string;
          id?: string;
          months_after?: number;
          quote_id?: string;
          rating?: number;
          refusal_note?: string | null;
          refusal_rule?: string | null;
          reply?: string | null;
          reply_at?: string | null;
          request_id?: string;
          service?: string;
          shown_as?: string;
          shown_name?: string | null;
          status?: string;
          treated_on?: string;
          updated_at?: string;
          updated_by?: string | null;
          written_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'clinic_reviews_clinic_id_fkey';
            columns: ['clinic_id'];
            isOneToOne: false;
            referencedRelation: 'clinics';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'clinic_reviews_quote_id_fkey';
            columns: ['quote_id'];
            isOneToOne: false;
            referencedRelation: 'quotes';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'clinic_reviews_request_id_fkey';
            columns: ['request_id'];
            isOneToOne: true;
            referencedRelation: 'contact_requests';
            referencedColumns: ['id'];
          },
        ];
      };
      clinics: {
        Row: {
          about_ar: string;
          about_en: string;
          active: boolean;
          city_ar: string;
          city_en: string;
          country: Database['public']['Enums']['destination'];
          created_at: string;
          currency: Database['public']['Enums']['quote_currency'];
          hotel: string | null;
          id: string;
          includes_hotel: boolean;
          includes_interpreter: boolean;
          includes_transfer: boolean;
          languages: string[];
          name_ar: string;
          name_en: string;
          slug: string;
          treatments: Database['public']['Enums']['lead_service'][];
          updated_at: string;
          updated_by: string | null;
        };
        Insert: {
          about_ar?: string;
          about_en?: string;
          active?: boolean;
          city_ar: string;
          city_en: string;
          country: Database['public']['Enums']['destination'];
          created_at?: string;
          currency?: Database['public']['Enums']['quote_currency'];
          hotel?: string | null;
          id?: string;
          includes_hotel?: boolean;
          includes_interpreter?: boolean;
          includes_transfer?: boolean;
          languages?: string[];
          name_ar: string;
          name_en: string;
          slug: string;
          treatments?: Database['public']['Enums']['lead_service'][];
          updated_at?: string;
          updated_by?: string | null;
        };
        Update: {
          about_ar?: string;
          about_en?: string;
          active?: boolean;
          city_ar?: string;
          city_en?: string;
          country?: Database['public']['Enums']['destination'];
          created_at?: string;
          currency?: Database['public']['Enums']['quote_currency'];
          hotel?: string | null;
          id?: string;
          includes_hotel?: boolean;
          includes_interpreter?: boolean;
          includes_transfer?: boolean;
          languages?: string[];
          name_ar?: string;
          name_en?: string;
          slug?: string;
          treatments?: Database['public']['Enums']['lead_service'][];
          updated_at?: string;
          updated_by?: string | null;
        };
        Relationships: [];
      };
      contact_requests: {
        Row: {
          appointment_time: Database['public']['Enums']['appointment_timing'] | null;
          assigned_to: string | null;
          consent_given_at: string | null;
          consent_given_by: string | null;
          consent_how: string | null;
          consented_at: string | null;
          country: string | null;
          country_code: string | null;
          created_at: string;
          deleted_at: string | null;
          deleted_by: string | null;
          email: string | null;
          entered_by: string | null;
          entered_by_name: string | null;
          entry_channel: string | null;
          first_contact_due_at: string | null;
          first_contacted_at: string | null;
          follow_up_at: string | null;
          held_reason: string | null;
          id: string;
          language: Database['public']['Enums']['site_language'];
          last_contacted_at: string | null;
          lead_id: string;
          message: string | null;
          name: string;
          notes: string | null;
          notification_failed_at: string | null;
          person_id: string | null;
          phone: string;
          phone_key: string | null;
          policy_version: string | null;
          preferred_countries: string[];
          ready_to_travel: Database['public']['Enums']['travel_readiness'] | null;
          reference: string;
          search_text: string | null;
          service: Database['public']['Enums']['request_service'];
          source: string | null;
          status: Database['public']['Enums']['request_status'];
          updated_at: string;
          utm_campaign: string | null;
          utm_content: string | null;
          utm_medium: string | null;
          utm_source: string | null;
          utm_term: string | null;
          version: number;
        };
        Insert: {
          appointment_time?: Database['public']['Enums']['appointment_timing'] | null;
          assigned_to?: string | null;
          consent_given_at?: string | null;
          consent_given_by?: string | null;
          consent_how?: string | null;
          consented_at?: string | null;
          country?: string | null;
          country_code?: string | null;
          created_at?: string;
          deleted_at?: string | null;
          deleted_by?: string | null;
          email?: string | null;
          entered_by?: string | null;
          entered_by_name?: string | null;
          entry_channel?: string | null;
          first_contact_due_at?: string | null;
          first_contacted_at?: string | null;
          follow_up_at?: string | null;
          held_reason?: string | null;
          id?: string;
          language?: Database['public']['Enums']['site_language'];
          last_contacted_at?: string | null;
          lead_id: string;
          message?: string | null;
          name: string;
          notes?: string | null;
          notification_failed_at?: string | null;
          person_id?: string | null;
          phone: string;
          phone_key?: never;
          policy_version?: string | null;
          preferred_countries?: string[];
          ready_to_travel?: Database['public']['Enums']['travel_readiness'] | null;
          reference?: string;
          search_text?: never;
          service: Database['public']['Enums']['request_service'];
          source?: string | null;
          status?: Database['public']['Enums']['request_status'];
          updated_at?: string;
          utm_campaign?: string | null;
          utm_content?: string | null;
          utm_medium?: string | null;
          utm_source?: string | null;
          utm_term?: string | null;
          version?: number;
        };
        Update: {
          appointment_time?: Database['public']['Enums']['appointment_timing'] | null;
          assigned_to?: string | null;
          consent_given_at?: string | null;
          consent_given_by?: string | null;
          consent_how?: string | null;
          consented_at?: string | null;
          country?: string | null;
          country_code?: string | null;
          created_at?: string;
          deleted_at?: string | null;
          deleted_by?: string | null;
          email?: string | null;
          entered_by?: string | null;
          entered_by_name?: string | null;
          entry_channel?: string | null;
          first_contact_due_at?: string | null;
          first_contacted_at?: string | null;
          follow_up_at?: string | null;
          held_reason?: string | null;
          id?: string;
          language?: Database['public']['Enums']['site_language'];
          last_contacted_at?: string | null;
          lead_id?: string;
          message?: string | null;
          name?: string;
          notes?: string | null;
          notification_failed_at?: string | null;
          person_id?: string | null;
          phone?: string;
          phone_key?: never;
          policy_version?: string | null;
          preferred_countries?: string[];
          ready_to_travel?: Database['public']['Enums']['travel_readiness'] | null;
          reference?: string;
          search_text?: never;
          service?: Database['public']['Enums']['request_service'];
          source?: string | null;
          status?: Database['public']['Enums']['request_status'];
          updated_at?: string;
          utm_campaign?: string | null;
          utm_content?: string | null;
          utm_medium?: string | null;
          utm_source?: string | null;
          utm_term?: string | null;
          version?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'contact_requests_lead_id_fkey';
            columns: ['lead_id'];
            isOneToOne: true;
            referencedRelation: 'offer_leads';
            referencedColumns: ['id'];
          },
        ];
      };
      message_templates: {
        Row: {
          archived_at: string | null;
          body_ar: string;
          body_en: string;
          created_at: string;
          id: string;
          key: string | null;
          position: number;
          title_ar: string;
          title_en: string;
          updated_at: string;
          updated_by: string | null;
          version: number;
        };
        Insert: {
          archived_at?: string | null;
          body_ar: string;
          body_en: string;
          created_at?: string;
          id?: string;
          key?: string | null;
          position?: number;
          title_ar: string;
          title_en: string;
          updated_at?: string;
          updated_by?: string | null;
          version?: number;
        };
        Update: {
          archived_at?: string | null;
          body_ar?: string;
          body_en?: string;
          created_at?: string;
          id?: string;
          key?: string | null;
          position?: number;
          title_ar?: string;
          title_en?: string;
          updated_at?: string;
          updated_by?: string | null;
          version?: number;
        };
        Relationships: [];
      };
      offer_leads: {
        Row: {
          advertising_consent_version: string | null;
          advertising_consented_at: string | null;
          advertising_withdrawn_at: string | null;
          appointment_time: Database['public']['Enums']['appointment_timing'] | null;
          campaign_params: Json | null;
          consented_at: string | null;
          country: string | null;
          country_code: string | null;
          created_at: string;
          email: string | null;
          held_reason: string | null;
          id: string;
          language: Database['public']['Enums']['site_language'];
          name: string;
          notes: string | null;
          page_url: string | null;
          patient_token: string | null;
          phone: string;
          policy_version: string | null;
          preferred_countries: string[];
          ready_to_travel: Database['public']['Enums']['travel_readiness'] | null;
          service: Database['public']['Enums']['lead_service'] | null;
          source: string | null;
          utm_campaign: string | null;
          utm_content: string | null;
          utm_medium: string | null;
          utm_source: string | null;
          utm_term: string | null;
        };
        Insert: {
          advertising_consent_version?: string | null;
          advertising_consented_at?: string | null;
          advertising_withdrawn_at?: string | null;
          appointment_time?: Database['public']['Enums']['appointment_timing'] | null;
          campaign_params?: Json | null;
          consented_at?: string | null;
          country?: string | null;
          country_code?: string | null;
          created_at?: string;
          email?: string | null;
          held_reason?: string | null;
          id?: string;
          language?: Database['public']['Enums']['site_language'];
          name: string;
          notes?: string | null;
          page_url?: string | null;
          patient_token?: string | null;
          phone: string;
          policy_version?: string | null;
          preferred_countries?: string[];
          ready_to_travel?: Database['public']['Enums']['travel_readiness'] | null;
          service?: Database['public']['Enums']['lead_service'] | null;
          source?: string | null;
          utm_campaign?: string | null;
          utm_content?: string | null;
          utm_medium?: string | null;
          utm_source?: string | null;
          utm_term?: string | null;
        };
        Update: {
          advertising_consent_version?: string | null;
          advertising_consented_at?: string | null;
          advertising_withdrawn_at?: string | null;
          appointment_time?: Database['public']['Enums']['appointment_timing'] | null;
          campaign_params?: Json | null;
          consented_at?: string | null;
          country?: string | null;
          country_code?: string | null;
          created_at?: string;
          email?: string | null;
          held_reason?: string | null;
          id?: string;
          language?: Database['public']['Enums']['site_language'];
          name?: string;
          notes?: string | null;
          page_url?: string | null;
          patient_token?: string | null;
          phone?: string;
          policy_version?: string | null;
          preferred_countries?: string[];
          ready_to_travel?: Database['public']['Enums']['travel_readiness'] | null;
          service?: Database['public']['Enums']['lead_service'] | null;
          source?: string | null;
          utm_campaign?: string | null;
          utm_content?: string | null;
          utm_medium?: string | null;
          utm_source?: string | null;
          utm_term?: string | null;
        };
        Relationships: [];
      };
      patient_messages: {
        Row: {
          author: string | null;
          author_id: string | null;
          body: string;
          created_at: string;
          direction: string;
          id: string;
          request_id: string;
        };
        Insert: {
          author?: string | null;
          author_id?: string | null;
          body: string;
          created_at?: string;
          direction: string;
          id?: string;
          request_id: string;
        };
        Update: {
          author?: string | null;
          author_id?: string | null;
          body?: string;
          created_at?: string;
          direction?: string;
          id?: string;
          request_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'patient_messages_request_id_fkey';
            columns: ['request_id'];
            isOneToOne: false;
            referencedRelation: 'contact_requests';
            referencedColumns: ['id'];
          },
        ];
      };
      quote_versions: {
        Row: {
          created_at: string;
          created_by: string | null;
          currency: Database['public']['Enums']['quote_currency'];
          hotel: string | null;
          included: string[];
          interpreter: boolean;
          nights: number | null;
          not_included: string[];
          note: string | null;
          note_language: Database['public']['Enums']['site_language'];
          price: number | null;
          quote_id: string;
          revision: number;
          sent_at: string | null;
          sent_by: string | null;
          team: string | null;
          technique: string | null;
          transfer: boolean;
          unit_kind: string | null;
          units: number | null;
          updated_at: string;
          updated_by: string | null;
          valid_until: string | null;
          version: number;
        };
        Insert: {
          created_at?: string;
          created_by?: string | null;
          currency: Database['public']['Enums']['quote_currency'];
          hotel?: string | null;
          included?: string[];
          interpreter?: boolean;
          nights?: number | null;
          not_included?: string[];
          note?: string | null;
          note_language?: Database['public']['Enums']['site_language'];
          price?: number | null;
          quote_id: string;
          revision?: number;
          sent_at?: string | null;
          sent_by?: string | null;
          team?: string | null;
          technique?: string | null;
          transfer?: boolean;
          unit_kind?: string | null;
          units?: number | null;
          updated_at?: string;
          updated_by?: string | null;
          valid_until?: string | null;
          version: number;
        };
        Update: {
          created_at?: string;
          created_by?: string | null;
          currency?: Database['public']['Enums']['quote_currency'];
          hotel?: string | null;
          included?: string[];
          interpreter?: boolean;
          nights?: number | null;
          not_included?: string[];
          note?: string | null;
          note_language?: Database['public']['Enums']['site_language'];
          price?: number | null;
          quote_id?: string;
          revision?: number;
          sent_at?: string | null;
          sent_by?: string | null;
          team?: string | null;
          technique?: string | null;
          transfer?: boolean;
          unit_kind?: string | null;
          units?: number | null;
          updated_at?: string;
          updated_by?: string | null;
          valid_until?: string | null;
          version?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'quote_versions_quote_id_fkey';
            columns: ['quote_id'];
            isOneToOne: false;
            referencedRelation: 'quotes';
            referencedColumns: ['id'];
          },
        ];
      };
      quotes: {
        Row: {
          chosen_version: number | null;
          clinic_id: string;
          created_at: string;
          created_by: string | null;
          decided_at: string | null;
          first_sent_at: string | null;
          id: string;
          request_id: string;
          status: string;
          updated_at: string;
        };
        Insert: {
          chosen_version?: number | null;
          clinic_id: string;
          created_at?: string;
          created_by?: string | null;
          decided_at?: string | null;
          first_sent_at?: string | null;
          id?: string;
          request_id: string;
          status?: string;
          updated_at?: string;
        };
        Update: {
          chosen_version?: number | null;
          clinic_id?: string;
          created_at?: string;
          created_by?: string | null;
          decided_at?: string | null;
          first_sent_at?: string | null;
          id?: string;
          request_id?: string;
          status?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'quotes_clinic_id_fkey';
            columns: ['clinic_id'];
            isOneToOne: false;
            referencedRelation: 'clinics';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'quotes_request_id_fkey';
            columns: ['request_id'];
            isOneToOne: false;
            referencedRelation: 'contact_requests';
            referencedColumns: ['id'];
          },
        ];
      };
      request_events: {
        Row: {
          author: string | null;
          author_id: string | null;
          created_at: string;
          id: number;
          kind: string;
          new_value: string | null;
          old_value: string | null;
          request_id: string;
          version: number;
        };
        Insert: {
          author?: string | null;
          author_id?: string | null;
          created_at?: string;
          id?: never;
          kind: string;
          new_value?: string | null;
          old_value?: string | null;
          request_id: string;
          version: number;
        };
        Update: {
          author?: string | null;
          author_id?: string | null;
          created_at?: string;
          id?: never;
          kind?: string;
          new_value?: string | null;
          old_value?: string | null;
          request_id?: string;
          version?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'request_events_request_id_fkey';
            columns: ['request_id'];
            isOneToOne: false;
            referencedRelation: 'contact_requests';
            referencedColumns: ['id'];
          },
        ];
      };
      trip_plans: {
        Row: {
          arrival_on: string | null;
          clinic_address: string | null;
          clinic_address_local: string | null;
          clinic_name: string | null;
          companions: Json;
          created_at: string;
          created_by: string | null;
          dates_confirmed_at: string | null;
          days: Json;
          departure_on: string | null;
          emergency_phone: string | null;
          flights: Json;
          hotel_address: string | null;
          hotel_address_local: string | null;
          hotel_name: string | null;
          interpreter: string | null;
          patient_updated_at: string | null;
          procedure_on: string | null;
          quote_id: string | null;
          quote_version: number | null;
          request_id: string;
          transfer: string | null;
          updated_at: string;
          updated_by: string | null;
          version: number;
        };
        Insert: {
          arrival_on?: string | null;
          clinic_address?: string | null;
          clinic_address_local?: string | null;
          clinic_name?: string | null;
          companions?: Json;
          created_at?: string;
          created_by?: string | null;
          dates_confirmed_at?: string | null;
          days?: Json;
          departure_on?: string | null;
          emergency_phone?: string | null;
          flights?: Json;
          hotel_address?: string | null;
          hotel_address_local?: string | null;
          hotel_name?: string | null;
          interpreter?: string | null;
          patient_updated_at?: string | null;
          procedure_on?: string | null;
          quote_id?: string | null;
          quote_version?: number | null;
          request_id: string;
          transfer?: string | null;
          updated_at?: string;
          updated_by?: string | null;
          version?: number;
        };
        Update: {
          arrival_on?: string | null;
          clinic_address?: string | null;
          clinic_address_local?: string | null;
          clinic_name?: string | null;
          companions?: Json;
          created_at?: string;
          created_by?: string | null;
          dates_confirmed_at?: string | null;
          days?: Json;
          departure_on?: string | null;
          emergency_phone?: string | null;
          flights?: Json;
          hotel_address?: string | null;
          hotel_address_local?: string | null;
          hotel_name?: string | null;
          interpreter?: string | null;
          patient_updated_at?: string | null;
          procedure_on?: string | null;
          quote_id?: string | null;
          quote_version?: number | null;
          request_id?: string;
          transfer?: string | null;
          updated_at?: string;
          updated_by?: string | null;
          version?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'trip_plans_quote_id_fkey';
            columns: ['quote_id'];
            isOneToOne: false;
            referencedRelation: 'quotes';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'trip_plans_request_id_fkey';
            columns: ['request_id'];
            isOneToOne: true;
            referencedRelation: 'contact_requests';
            referencedColumns: ['id'];
          },
        ];
      };
      whatsapp_messages: {
        Row: {
          attempts: number;
          author: string | null;
          author_id: string | null;
          body: string | null;
          claimed_until: string | null;
          created_at: string;
          direction: string;
          error_code: number | null;
          error_detail: string | null;
          error_title: string | null;
          file_id: string | null;
          id: string;
          kind: string;
          last_error: string | null;
          latitude: number | null;
          longitude: number | null;
          media_attempts: number;
          media_id: string | null;
          media_name: string | null;
          media_next_at: string | null;
          media_reason: string | null;
          media_state: string | null;
          media_type: string | null;
          next_attempt_at: string | null;
          notice_id: number | null;
          phone_key: string;
          place_address: string | null;
          place_name: string | null;
          request_id: string;
          sent_at: string;
          state: string;
          state_at: string;
          template_language: string | null;
          template_name: string | null;
          wa_message_id: string | null;
        };
        Insert: {
          attempts?: number;
          author?: string | null;
          author_id?: string | null;
          body?: string | null;
          claimed_until?: string | null;
          created_at?: string;
          direction: string;
          error_code?: number | null;
          error_detail?: string | null;
          error_title?: string | null;
          file_id?: string | null;
          id?: string;
          kind: string;
          last_error?: string | null;
          latitude?: number | null;
          longitude?: number | null;
          media_attempts?: number;
          media_id?: string | null;
          media_name?: string | null;
          media_next_at?: string | null;
          media_reason?: string | null;
          media_state?: string | null;
          media_type?: string | null;
          next_attempt_at?: string | null;
          notice_id?: number | null;
          phone_key: string;
          place_address?: string | null;
          place_name?: string | null;
          request_id: string;
          sent_at?: string;
          state: string;
          state_at?: string;
          template_language?: string | null;
          template_name?: string | null;
          wa_message_id?: string | null;
        };
        Update: {
          attempts?: number;
          author?: string | null;
          author_id?: string | null;
          body?: string | null;
          claimed_until?: string | null;
          created_at?: string;
          direction?: string;
          error_code?: number | null;
          error_detail?: string | null;
          error_title?: string | null;
          file_id?: string | null;
          id?: string;
          kind?: string;
          last_error?: string | null;
          latitude?: number | null;
          longitude?: number | null;
          media_attempts?: number;
          media_id?: string | null;
          media_name?: string | null;
          media_next_at?: string | null;
          media_reason?: string | null;
          media_state?: string | null;
          media_type?: string | null;
          next_attempt_at?: string | null;
          notice_id?: number | null;
          phone_key?: string;
          place_address?: string | null;
          place_name?: string | null;
          request_id?: string;
          sent_at?: string;
          state?: string;
          state_at?: string;
          template_language?: string | null;
          template_name?: string | null;
          wa_message_id?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'whatsapp_messages_request_id_fkey';
            columns: ['request_id'];
            isOneToOne: false;
            referencedRelation: 'contact_requests';
            referencedColumns: ['id'];
          },
        ];
      };
    };
    Views: {
      staff_accounts: {
        Row: { active: boolean | null; id: string | null; username: string | null };

        Relationships: [];
      };
    };
    Functions: {
      admin_login: {
        Args: { _password: string; _username: string };
        Returns: boolean;
      };
      admin_logout: {
        Args: never;
        Returns: undefined;
      };
      aftercare_report: {
        Args: { _from: string; _to: string };
        Returns: Json;
      };
      ask_for_request_file: {
        Args: { _idempotency_key: string; _request_id: string; _slot: string };
        Returns: undefined;
      };
      bin_page: {
        Args: { _after_deleted_at: string; _after_id: string; _limit: number };
        Returns: Json;
      };
      bulk_update_requests: {
        Args: { _changes: Json; _items: Json };
        Returns: Json;
      };
      campaign_report: {
        Args: { _from: string; _to: string };
        Returns: Json;
      };
      canonical_phone: {
        Args: { country_code: string; phone: string };
        Returns: string;
      };
      claim_first_contact_escalations: {
        Args: { _limit: number };
        Returns: Json;
      };
      claim_lead_notifications: {
        Args: { _lead_id: string; _limit: number };
        Returns: Json;
      };
      claim_patient_confirmations: {
        Args: { _lead_id: string; _limit: number };
        Returns: Json;
      };
      claim_patient_link_resends: {
        Args: { _limit: number };
        Returns: Json;
      };
      claim_patient_notices: {
        Args: { _limit: number };
        Returns: Json;
      };
      claim_storage_deletions: {
        Args: { _limit: number };
        Returns: Json;
      };
      claim_whatsapp_media: {
        Args: { _limit: number; _message_id: string };
        Returns: Json;
      };
      claim_whatsapp_sends: {
        Args: { _limit: number };
        Returns: Json;
      };
      claim_worker_turn: {
        Args: { _every_seconds: number; _worker: string };
        Returns: boolean;
      };
      clinic_profiles: {
        Args: { _slug: string };
        Returns: Json;
      };
      correct_request_contact: {
        Args: { _changes: Json; _expected_version: number; _id: string };
        Returns: unknown;
      };
      delete_clinic_accreditation: {
        Args: { _expected_checked_at: string; _id: string };
        Returns: undefined;
      };
      delete_requests: {
        Args: { _items: Json };
        Returns: Json;
      };
      discard_quote_draft: {
        Args: { _quote_id: string; _revision: number; _version: number };
        Returns: undefined;
      };
      enter_request: {
        Args: { _request: Json };
        Returns: unknown;
      };
      finish_first_contact_escalations: {
        Args: { _error: string; _request_ids: string[]; _sent: boolean };
        Returns: undefined;
      };
      finish_lead_notification: {
        Args: { _error: string; _lead_id: string; _sent: boolean };
        Returns: undefined;
      };
      finish_patient_confirmation: {
        Args: { _error: string; _lead_id: string; _sent: boolean };
        Returns: undefined;
      };
      finish_patient_link_resend: {
        Args: { _error: string; _id: number; _sent: boolean };
        Returns: undefined;
      };
      finish_patient_notice: {
        Args: { _error: string; _id: number; _sent: boolean };
        Returns: undefined;
      };
      finish_request_file: {
        Args: { _bytes: number; _file_id: string; _ok: boolean; _reason: string };
        Returns: Json;
      };
      finish_storage_deletions: {
        Args: { _done: number[]; _error: string; _failed: number[] };
        Returns: undefined;
      };
      finish_whatsapp_media: {
        Args: { _message_id: string; _outcome: string; _reason: string };
        Returns: string;
      };
      finish_whatsapp_send: {
        Args: { _error: Json; _message_id: string; _retry: boolean; _wa_message_id: string };
        Returns: string;
      };
      first_contact_escalation_state: {
        Args: { _request_id: string };
        Returns: {
          queued: boolean;
          attempts: number;
          sent_at: string;
          gave_up_at: string;
          last_error: string;
        }[];
      };
      first_contact_queue: {
        Args: never;
        Returns: {
          id: string;
          name: string;
          service: Database['public']['Enums']['request_service'];
          assigned_to: string;
          created_at: string;
          first_contact_due_at: string;
        }[];
      };
      first_contact_report: {
        Args: { _from: string; _to: string };
        Returns: Json;
      };
      first_contact_settings: {
        Args: never;
        Returns: Json;
      };
      fold_search_text: {
        Args: { _text: string };
        Returns: string;
      };
      guard_request_page: {
        Args: { _assignee: string; _query: string; _source: string };
        Returns: boolean;
      };
      is_admin: {
        Args: { check_user_id: string };
        Returns: boolean;
      };
      issue_patient_link: {
        Args: { _idempotency_key: string; _request_id: string };
        Returns: string;
      };
      lead_notification_state: {
        Args: { _lead_id: string };
        Returns: {
          queued: boolean;
          attempts: number;
          sent_at: string;
          gave_up_at: string;
          last_error: string;
        }[];
      };
      lead_page: {
        Args: {
          _after_created_at: string;
          _after_id: string;
          _limit: number;
          _query: string;
          _source: string;
        };
        Returns: Json;
      };
      log_call: {
        Args: {
          _call_back_at: string;
          _idempotency_key: string;
          _outcome: string;
          _request_id: string;
          _set_follow_up: boolean;
        };
        Returns: Json;
      };
      log_whatsapp_message: {
        Args: {
          _idempotency_key: string;
          _request_id: string;
          _template_id: string;
          _template_version: number;
        };
        Returns: Json;
      };
      merge_requests: {
        Args: { _id: string; _idempotency_key: string; _other: string };
        Returns: Json;
      };
      message_context: {
        Args: { _request_id: string };
        Returns: Json;
      };
      message_template_variables: {
        Args: never;
        Returns: string[];
      };
      my_client_address: {
        Args: never;
        Returns: string;
      };
      my_duty: {
        Args: never;
        Returns: Json;
      };
      my_staff_id: {
        Args: never;
        Returns: string;
      };
      my_staff_role: {
        Args: never;
        Returns: string;
      };
      normalize_phone: {
        Args: { chosen: boolean; picked: string; stored: boolean; typed: string };
        Returns: unknown;
      };
      patient_aftercare: {
        Args: { _token: string };
        Returns: Json;
      };
      patient_answer_checkin: {
        Args: {
          _answer: string;
          _checkin_id: string;
          _file_id: string;
          _note: string;
          _token: string;
        };
        Returns: Json;
      };
      patient_choose_quote: {
        Args: { _quote_id: string; _token: string; _version: number };
        Returns: Json;
      };
      patient_confirm_trip: {
        Args: { _token: string; _version: number };
        Returns: Json;
      };
      patient_conversation: {
        Args: { _token: string };
        Returns: Json;
      };
      patient_file_begin: {
        Args: {
          _bytes: number;
          _content_type: string;
          _file_name: string;
          _slot: string;
          _token: string;
          _with_thumb: boolean;
        };
        Returns: Json;
      };
      patient_file_delete: {
        Args: { _file_id: string; _token: string };
        Returns: Json;
      };
      patient_files: {
        Args: { _token: string };
        Returns: Json;
      };
      patient_page_info: {
        Args: { _request_id: string };
        Returns: Json;
      };
      patient_quotes: {
        Args: { _token: string };
        Returns: Json;
      };
      patient_reminders: {
        Args: { _token: string };
        Returns: Json;
      };
      patient_request: {
        Args: { _opened: boolean; _token: string };
        Returns: Json;
      };
      patient_request_callback: {
        Args: { _at: string; _token: string };
        Returns: Json;
      };
      patient_review_state: {
        Args: { _token: string };
        Returns: Json;
      };
      patient_save_review: {
        Args: { _fields: Json; _token: string };
        Returns: Json;
      };
      patient_save_trip_travel: {
        Args: { _companions: Json; _flights: Json; _token: string };
        Returns: Json;
      };
      patient_send_message: {
        Args: { _message: string; _token: string };
        Returns: Json;
      };
      patient_stop_reminders: {
        Args: { _stop: boolean; _token: string };
        Returns: Json;
      };
      patient_trip: {
        Args: { _token: string };
        Returns: Json;
      };
      patient_update_contact: {
        Args: {
          _country_code: string;
          _email: string;
          _name: string;
          _phone: string;
          _token: string;
        };
        Returns: Json;
      };
      patient_withdraw: {
        Args: { _reference: string; _token: string };
        Returns: Json;
      };
      patient_withdraw_advertising: {
        Args: { _token: string };
        Returns: Json;
      };
      patient_withdraw_review: {
        Args: { _token: string };
        Returns: Json;
      };
      pending_request_file_checks: {
        Args: { _limit: number };
        Returns: Json;
      };
      person_requests: {
        Args: { _id: string };
        Returns: Json;
      };
      published_reviews: {
        Args: never;
        Returns: Json;
      };
      purge_requests: {
        Args: { _idempotency_key: string; _ids: string[] };
        Returns: number;
      };
      queue_whatsapp_notices: {
        Args: { _limit: number };
        Returns: number;
      };
      quote_speed_report: {
        Args: { _from: string; _to: string };
        Returns: Json;
      };
      quotes_told_at: {
        Args: { _request_id: string };
        Returns: string;
      };
      release_held_requests: {
        Args: { _idempotency_key: string; _ids: string[] };
        Returns: number;
      };
      reply_to_patient: {
        Args: { _body: string; _idempotency_key: string; _request_id: string };
        Returns: Json;
      };
      request_aftercare: {
        Args: { _request_id: string };
        Returns: Json;
      };
      request_automatic_messages: {
        Args: { _request_id: string };
        Returns: Json;
      };
      request_file_thumbs: {
        Args: { _token: string };
        Returns: Json;
      };
      request_file_upload_target: {
        Args: { _file_id: string; _token: string };
        Returns: Json;
      };
      request_files: {
        Args: { _request_id: string };
        Returns: Json;
      };
      request_ids_matching: {
        Args: { _digits_pattern: string; _text_pattern: string };
        Returns: string[];
      };
      request_overview: {
        Args: { _since: string; _tz: string };
        Returns: Json;
      };
      request_page: {
        Args: {
          _after_created_at: string;
          _after_follow_up_at: string;
          _after_id: string;
          _assignee: string;
          _due_before: string;
          _due_counter_before: string;
          _follow_up: string;
          _limit: number;
          _query: string;
          _service: Database['public']['Enums']['request_service'];
          _source: string;
          _status: Database['public']['Enums']['request_status'];
        };
        Returns: Json;
      };
      request_patient_link: {
        Args: { _contact: string };
        Returns: undefined;
      };
      request_quotes: {
        Args: { _request_id: string };
        Returns: Json;
      };
      request_search_text: {
        Args: { _email: string; _name: string; _notes: string; _reference: string };
        Returns: string;
      };
      request_tallies: {
        Args: never;
        Returns: Json;
      };
      request_trip: {
        Args: { _request_id: string };
        Returns: Json;
      };
      request_whatsapp: {
        Args: { _request_id: string };
        Returns: Json;
      };
      restore_requests: {
        Args: { _idempotency_key: string; _ids: string[] };
        Returns: string[];
      };
      revoke_patient_link: {
        Args: { _idempotency_key: string; _request_id: string };
        Returns: undefined;
      };
      routing_settings: {
        Args: never;
        Returns: Json;
      };
      run_aftercare: {
        Args: { _now: string };
        Returns: Json;
      };
      same_national_digits: {
        Args: { _full: string; _national: string };
        Returns: boolean;
      };
      save_clinic: {
        Args: { _expected_updated_at: string; _fields: Json; _id: string };
        Returns: unknown;
      };
      save_clinic_accreditation: {
        Args: { _expected_checked_at: string; _fields: Json; _id: string };
        Returns: unknown;
      };
      save_first_contact_settings: {
        Args: { _expected_updated_at: string; _settings: Json };
        Returns: Json;
      };
      save_message_template: {
        Args: { _expected_updated_at: string; _fields: Json; _id: string };
        Returns: unknown;
      };
      save_quote_draft: {
        Args: {
          _clinic_id: string;
          _draft_revision: number;
          _draft_version: number;
          _fields: Json;
          _request_id: string;
        };
        Returns: Json;
      };
      save_review_moderation: {
        Args: { _expected_updated_at: string; _fields: Json; _id: string };
        Returns: Json;
      };
      save_routing_rule: {
        Args: { _expected_updated_at: string; _rule: Json };
        Returns: Json;
      };
      save_trip_plan: {
        Args: { _fields: Json; _request_id: string; _version: number };
        Returns: Json;
      };
      schedule_patient_reminders: {
        Args: { _now: string };
        Returns: number;
      };
      scheduled_jobs: {
        Args: never;
        Returns: {
          jobname: string;
          schedule: string;
          active: boolean;
          last_status: string;
          last_start: string;
        }[];
      };
      send_quote: {
        Args: { _idempotency_key: string; _quote_id: string; _revision: number; _version: number };
        Returns: Json;
      };
      send_whatsapp_message: {
        Args: {
          _idempotency_key: string;
          _request_id: string;
          _template: string;
          _template_language: string;
          _text: string;
        };
        Returns: Json;
      };
      set_my_duty: {
        Args: { _on_duty: boolean };
        Returns: boolean;
      };
      set_patient_step: {
        Args: { _from_step: string; _request_id: string; _step: string };
        Returns: undefined;
      };
      set_quote_status: {
        Args: { _from_status: string; _quote_id: string; _status: string; _version: number };
        Returns: undefined;
      };
      set_staff_routing: {
        Args: { _settings: Json; _staff_id: string };
        Returns: Json;
      };
      staff_may_read_request_file: {
        Args: { _name: string };
        Returns: boolean;
      };
      staff_reviews: {
        Args: never;
        Returns: Json;
      };
      stop_automatic_messages: {
        Args: { _request_id: string; _stop: boolean };
        Returns: undefined;
      };
      undo_merge: {
        Args: { _id: string; _idempotency_key: string };
        Returns: Json;
      };
      update_request: {
        Args: { _changes: Json; _expected_version: number; _id: string };
        Returns: unknown;
      };
      whatsapp_media_begin: {
        Args: { _bytes: number; _content_type: string; _message_id: string };
        Returns: Json;
      };
      whatsapp_receive: {
        Args: { _message: Json };
        Returns: Json;
      };
      whatsapp_status: {
        Args: { _status: Json };
        Returns: boolean;
      };
      whatsapp_templates: {
        Args: never;
        Returns: Json;
      };
      withdraw_advertising_consent: {
        Args: { _lead_id: string };
        Returns: boolean;
      };
    };
    Enums: {
      appointment_timing: 'urgent' | 'thisMonth' | 'nextMonth' | 'flexible';
      destination:
        | 'turkey'
        | 'romania'
        | 'lebanon'
        | 'croatia'
        | 'moldova'
        | 'egypt'
        | 'jordan'
        | 'thailand'
        | 'syria';
      lead_service:
        | 'hair-transplant'
        | 'dental-implants'
        | 'hollywood-smile'
        | 'rhinoplasty'
        | 'facelift'
        | 'liposuction'
        | 'cosmetic-surgery'
        | 'bariatric-surgery'
        | 'ivf'
        | 'lasik'
        | 'orthopedic'
        | 'health-checkup'
        | 'other';
      quote_currency:
        | 'SAR'
        | 'AED'
        | 'KWD'
        | 'QAR'
        | 'BHD'
        | 'OMR'
        | 'EGP'
        | 'JOD'
        | 'IQD'
        | 'TRY'
        | 'EUR'
        | 'USD';
      request_service:
        | 'dental'
        | 'hollywood'
        | 'hairTransplant'
        | 'cosmeticSurgery'
        | 'bariatric'
        | 'rhinoplasty'
        | 'liposuction'
        | 'facelift'
        | 'lasik'
        | 'orthopedic'
        | 'ivf'
        | 'healthCheckup'
        | 'cosmetic'
        | 'other';
      request_status: 'new' | 'in_progress' | 'completed' | 'cancelled';
      site_language: 'ar' | 'en';
      travel_readiness: 'yes' | 'no' | 'maybe';
    };
    CompositeTypes: { [_ in never]: never };
  };
};

type PublicSchema = Database['public'];

/** A row as selected: `Tables<'offer_leads'>`. */
export type Tables<Name extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][Name]['Row'];

/** A row as inserted: `TablesInsert<'offer_leads'>`. */
export type TablesInsert<Name extends keyof PublicSchema['Tables']> =
  PublicSchema['Tables'][Name]['Insert'];

/** A partial row as updated: `TablesUpdate<'contact_requests'>`. */
export type TablesUpdate<Name extends keyof PublicSchema['Tables']> =
  PublicSchema['Tables'][Name]['Update'];

/** An enum's values as a union: `Enums<'request_status'>`. */
export type Enums<Name extends keyof PublicSchema['Enums']> = PublicSchema['Enums'][Name];

/** Every enum's values at run time, in database order (for zod schemas and selects). */
export const Constants = {
  public: {
    Enums: {
      appointment_timing: ['urgent', 'thisMonth', 'nextMonth', 'flexible'],
      destination: [
        'turkey',
        'romania',
        'lebanon',
        'croatia',
        'moldova',
        'egypt',
        'jordan',
        'thailand',
        'syria',
      ],
      lead_service: [
        'hair-transplant',
        'dental-implants',
        'hollywood-smile',
        'rhinoplasty',
        'facelift',
        'liposuction',
        'cosmetic-surgery',
        'bariatric-surgery',
        'ivf',
        'lasik',
        'orthopedic',
        'health-checkup',
        'other',
      ],
      quote_currency: [
        'SAR',
        'AED',
        'KWD',
        'QAR',
        'BHD',
        'OMR',
        'EGP',
        'JOD',
        'IQD',
        'TRY',
        'EUR',
        'USD',
      ],
      request_service: [
        'dental',
        'hollywood',
        'hairTransplant',
        'cosmeticSurgery',
        'bariatric',
        'rhinoplasty',
        'liposuction',
        'facelift',
        'lasik',
        'orthopedic',
        'ivf',
        'healthCheckup',
        'cosmetic',
        'other',
      ],
      request_status: ['new', 'in_progress', 'completed', 'cancelled'],
      site_language: ['ar', 'en'],
      travel_readiness: ['yes', 'no', 'maybe'],
    },
  },
} as const;
