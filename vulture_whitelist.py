"""Names vulture (`make lint`) cannot see used, sorted by who uses them.

Started from `vulture --make-whitelist`; each line names where the name is defined. A name that
becomes truly unused should leave this file with its code.
"""

from typing import Any

_: Any = None


# Settings: Django, allauth, Celery and DRF read them by name.
_.ALLOWED_HOSTS  # benchmarks/ruling_page.py
_.SECRET_KEY  # config/settings/base.py
_.CSRF_TRUSTED_ORIGINS  # config/settings/base.py
_.INSTALLED_APPS  # config/settings/base.py
_.MIDDLEWARE  # config/settings/base.py
_.CSP_REDOC  # config/settings/base.py
_.ROOT_URLCONF  # config/settings/base.py
_.WSGI_APPLICATION  # config/settings/base.py
_.ASGI_APPLICATION  # config/settings/base.py
_.DEFAULT_AUTO_FIELD  # config/settings/base.py
_.CELERY_BROKER_URL  # config/settings/base.py
_.CELERY_RESULT_BACKEND  # config/settings/base.py
_.CELERY_TASK_EAGER_PROPAGATES  # config/settings/base.py
_.CELERY_TASK_ACKS_LATE  # config/settings/base.py
_.CELERY_WORKER_PREFETCH_MULTIPLIER  # config/settings/base.py
_.CELERY_TASK_SERIALIZER  # config/settings/base.py
_.CELERY_RESULT_SERIALIZER  # config/settings/base.py
_.CELERY_ACCEPT_CONTENT  # config/settings/base.py
_.CELERY_DB_REUSE_MAX  # config/settings/base.py
_.CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP  # config/settings/base.py
_.CELERY_TASK_PUBLISH_RETRY  # config/settings/base.py
_.CELERY_BROKER_CONNECTION_TIMEOUT  # config/settings/base.py
_.CELERY_BROKER_TRANSPORT_OPTIONS  # config/settings/base.py
_.CELERY_REDIS_SOCKET_CONNECT_TIMEOUT  # config/settings/base.py
_.AUTH_PASSWORD_VALIDATORS  # config/settings/base.py
_.LOGIN_URL  # config/settings/base.py
_.LOGIN_REDIRECT_URL  # config/settings/base.py
_.LOGOUT_REDIRECT_URL  # config/settings/base.py
_.AUTHENTICATION_BACKENDS  # config/settings/base.py
_.ACCOUNT_ADAPTER  # config/settings/base.py
_.ACCOUNT_FORMS  # config/settings/base.py
_.ACCOUNT_LOGIN_METHODS  # config/settings/base.py
_.ACCOUNT_SIGNUP_FIELDS  # config/settings/base.py
_.ACCOUNT_EMAIL_VERIFICATION  # config/settings/base.py
_.ACCOUNT_UNIQUE_EMAIL  # config/settings/base.py
_.ACCOUNT_CHANGE_EMAIL  # config/settings/base.py
_.ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION  # config/settings/base.py
_.ACCOUNT_LOGOUT_REDIRECT_URL  # config/settings/base.py
_.ACCOUNT_EMAIL_SUBJECT_PREFIX  # config/settings/base.py
_.ACCOUNT_RATE_LIMITS  # config/settings/base.py
_.MAILERS  # config/settings/base.py
_.SERVER_EMAIL  # config/settings/base.py
_.MFA_SUPPORTED_TYPES  # config/settings/base.py
_.MFA_TOTP_ISSUER  # config/settings/base.py
_.MFA_FORMS  # config/settings/base.py
_.LOCALE_PATHS  # config/settings/base.py
_.USE_I18N  # config/settings/base.py
_.USE_TZ  # config/settings/base.py
_.STATIC_URL  # config/settings/base.py
_.STATIC_ROOT  # config/settings/base.py
_.STATICFILES_DIRS  # config/settings/base.py
_.STORAGES  # config/settings/base.py
_.WHITENOISE_USE_FINDERS  # config/settings/base.py
_.WHITENOISE_AUTOREFRESH  # config/settings/base.py
_.MEDIA_ROOT  # config/settings/base.py
_.MEDIA_URL  # config/settings/base.py
_.REST_FRAMEWORK  # config/settings/base.py
_.SPECTACULAR_SETTINGS  # config/settings/base.py
_.LOGGING  # config/settings/base.py
_.SECURE_PROXY_SSL_HEADER  # config/settings/production.py
_.SECURE_SSL_REDIRECT  # config/settings/production.py
_.SECURE_HSTS_SECONDS  # config/settings/production.py
_.SECURE_HSTS_INCLUDE_SUBDOMAINS  # config/settings/production.py
_.SECURE_HSTS_PRELOAD  # config/settings/production.py
_.SECURE_REDIRECT_EXEMPT  # config/settings/production.py
_.SESSION_COOKIE_SECURE  # config/settings/production.py
_.CSRF_COOKIE_SECURE  # config/settings/production.py
_.SECURE_CONTENT_TYPE_NOSNIFF  # config/settings/production.py
_.X_FRAME_OPTIONS  # config/settings/production.py
_.SESSION_ENGINE  # config/settings/production.py
_.ACCOUNT_DEFAULT_HTTP_PROTOCOL  # config/settings/production.py
_.PASSWORD_HASHERS  # config/settings/test.py

# Reached by a framework through a setting, a protocol or a hook.
_.exc_type  # benchmarks/stack.py: the context-manager protocol's argument
_.beat_schedule  # config/celery.py: Celery reads it
_.AccountAdapter  # core/accounts.py: settings.ACCOUNT_ADAPTER
_.pre_authenticate  # core/accounts.py: allauth's adapter hook
_.email_verification  # core/accounts.py: allauth reads it
_.MfaAuthenticateForm  # core/accounts.py: settings.MFA_FORMS
_._stream  # core/hygiene.py: where Django's HttpRequest reads its body from
_.MailFileBackend  # core/mail.py: settings.EMAIL_BACKEND / MAILERS
_.send_messages  # core/mail.py: Django's mail backend API
_.unread_notifications  # core/notifications/context_processors.py: in settings.TEMPLATES
_.SafeJSONParser  # core/parsers.py: settings.REST_FRAMEWORK's parsers
_.is_superuser  # core/profiles.py: Django reads it
_.ApiTokenAuthentication  # core/tokens.py: settings.REST_FRAMEWORK's authentication
_.source_player  # judging/engine/azuki/game.py: every damage call names its source
_.modeladmin  # tournaments/admin.py: an admin action's argument
_.patch  # tournaments/apis/events.py: DRF dispatches by HTTP method
_.get_description  # tournaments/apis/rounds.py: drf-spectacular's schema hook
_.get_request_serializer  # tournaments/apis/rounds.py: drf-spectacular's schema hook
_.disabled  # tournaments/views/decks.py: a form widget's attribute

# Model choices: stored values that forms, the admin and migrations offer.
_.ZTRIKE_CARD  # cardpool/models.py
_.THREE  # tournaments/models.py
_.POINTS  # tournaments/models.py
_.RECORD  # tournaments/models.py
_.TOP  # tournaments/models.py
_.SYSTEM  # tournaments/models.py
_.MATCH_SLIPS  # tournaments/models.py
_.TEXT  # tournaments/models.py

# Model fields and attributes written for the ORM to store (read by the admin, exports, queries).
_.search_text  # cardpool/models.py
_.effect_search_text  # cardpool/models.py
_.subtypes  # cardpool/models.py
_.new_values  # cardpool/models.py
_.anonymised_at  # core/models.py
_.recipient  # core/models.py
_.finished_at  # core/models.py
_.imported_at  # judging/models.py
_.quote_sha256  # judging/models.py
_.filed_ruling  # judging/models.py
_.opened_by  # judging/models.py
_.copied_from  # tournaments/models.py
_.invited_by  # tournaments/models.py
_.accepted_by  # tournaments/models.py
_.bracket_slot  # tournaments/models.py
_.stale_marks  # tournaments/models.py
_.unlocked_by  # tournaments/models.py
_.taken_at  # tournaments/models.py
_.appellant  # tournaments/models.py
_.decided_at  # tournaments/models.py

# Serializer and form fields: DRF and Django forms read the class attributes.
_.report_ja  # core/api.py: the Error schema's documented key
_.leader_health  # judging/engine/azuki/overtime.py
_.decision_version  # tournaments/apis/staff.py
_.result_version  # tournaments/apis/staff.py
_.check_in_url_code  # tournaments/apis/venue.py
_.get_open  # tournaments/apis/venue.py
_.get_url  # tournaments/apis/registrations.py: the import's SerializerMethodField

# Read by templates (attributes of the objects pages are given).
_.number_printed  # cardpool/models.py
_.effect_en  # cardpool/models.py
_.errata  # cardpool/models.py
_.bonus_text  # cardpool/models.py
_.updated_at  # cardpool/models.py
_.element_display  # cardpool/models.py
_.old_values  # cardpool/models.py
_.confirm_removals  # cardpool/views_banlists.py
_.no_passage  # judging/presentation.py
_.ja_source  # judging/presentation.py
_.engine_choices  # judging/presentation.py
_.board_template  # judging/presentation.py: included by judging/_ruling.html
_.player_count  # tournaments/apis/common.py
_.reported_by  # tournaments/apis/common.py
_.registered_version  # tournaments/apis/decklists.py
_.presented_issues  # tournaments/apis/decklists.py
_.region  # tournaments/apis/events.py
_.entry_fee  # tournaments/apis/events.py
_.contact  # tournaments/apis/events.py
_.iso  # tournaments/display/event_time.py
_.ot_took_damage_last  # tournaments/forms/events.py
_.penalty_label  # tournaments/models.py
_.recheck_report  # tournaments/models.py
_.CSV  # tournaments/models.py
_.middle  # tournaments/selectors/deck_view.py
_.value_y  # tournaments/selectors/deck_view.py
_.label_y  # tournaments/selectors/deck_view.py
_.role_labels  # tournaments/selectors/events.py
_.is_judge  # tournaments/selectors/events.py
_.card_types  # tournaments/selectors/metagame.py
_.performance  # tournaments/selectors/metagame.py
_.top_cut_size  # tournaments/selectors/metagame.py
_.top_cut_elements  # tournaments/selectors/metagame.py
_.top_cut_performance  # tournaments/selectors/metagame.py
_.illegal_names  # tournaments/selectors/rechecks.py

# Public API of a pure package or a module, used by the tests (which vulture does not scan).
_.message_keys  # cardpool/legality/messages.py
_.as_dicts  # cardpool/legality/report.py
_.declared_access  # core/access.py
_.subject_kwargs  # core/access.py
_.login_retry_after  # core/login_limits.py
_.zone_counts  # judging/engine/ztrike/game.py
_.clause_executable  # judging/engine/zutomayo/cardeffects/execute.py
_.CLOCK_SET  # judging/engine/zutomayo/cardeffects/vocab.py
_.EXTRA_PLAY  # judging/engine/zutomayo/cardeffects/vocab.py
_.NEGATE  # judging/engine/zutomayo/cardeffects/vocab.py
_.PRIMITIVE_RULES  # judging/engine/zutomayo/effects.py
_.card_count  # judging/engine/zutomayo/state.py
_.match_win  # tournaments/pairing/standings.py
_.bye_height  # tournaments/pairing/types.py
_.crossings  # tournaments/pairing/types.py
_.score_gap  # tournaments/pairing/types.py
_.float_distance  # tournaments/pairing/types.py
_.fold  # tournaments/pairing/types.py
_.objective  # tournaments/pairing/types.py
_.embedded  # tournaments/printing/pdf_fonts.py
_.fonts_reset  # tournaments/printing/sheets.py

# The game plug-in contract (judging/engine/core/plugin.py): members every game provides, which
# the judge pages and the tests reach through the registry (judging/engine/registry.py).
_.claim_kinds  # judging/engine/core/plugin.py GamePlugin
_.rule_text  # judging/engine/core/plugin.py GamePlugin
_.unregister  # judging/engine/registry.py (tests register an invented game)
_.plugin  # judging/engine/registry.py (a game by its slug: the judge pages)
_.__getattr__  # judging/engine/__init__.py (PEP 562: the public names, imported on first use)

# The rules engine's vocabulary and record defaults: named codes and documented policies.
_.MOVE  # judging/engine/zutomayo/cardeffects/vocab.py
_.REORDER  # judging/engine/zutomayo/cardeffects/vocab.py
_.PROHIBIT  # judging/engine/zutomayo/cardeffects/vocab.py
_.UNTIL_BATTLE_END  # judging/engine/zutomayo/cardeffects/vocab.py
_.DEFAULT_ORDER  # judging/engine/zutomayo/record.py
_.DEFAULT_PICK  # judging/engine/zutomayo/record.py


# Written but never read: a resolution's position in its card's effect, kept by the engine as it
# runs (judging/engine/zutomayo/apply.py, cardeffects/run_base.py). Removing them changes the
# engine's state, so they are left to its owner to judge rather than cut here.
_.clause_index  # judging/engine/zutomayo/cardeffects/run_base.py
_.action_index  # judging/engine/zutomayo/cardeffects/run_base.py


# Keys of TypedDicts: written by the database-row and JSON parsers as string keys, read by
# templates (``{{ board.not_checked_in }}``) or kept for the JSON they describe.
_.ENGINE  # config/env.py DatabaseEntry
_.USER  # config/env.py DatabaseEntry
_.PASSWORD  # config/env.py DatabaseEntry
_.HOST  # config/env.py DatabaseEntry
_.PORT  # config/env.py DatabaseEntry
_.CONN_MAX_AGE  # config/env.py DatabaseEntry
_.CONN_HEALTH_CHECKS  # config/env.py DatabaseEntry
_.OPTIONS  # config/env.py DatabaseEntry
_.TEST  # config/env.py DatabaseEntry
_.APPS  # config/env.py SocialProvider
_.SCOPE  # config/env.py SocialProvider
_.ikz_untapped  # judging/report_json.py
_.ambiguities_consulted  # judging/report_json.py
_.not_checked_in  # tournaments/selectors/checkin.py CheckInBoard
_.my_call  # tournaments/selectors/checkin.py PlayerDesk
_.judge_call_form  # tournaments/selectors/checkin.py PlayerDesk
_.auth_header  # core/api.py: read by DRF's exception handler (WWW-Authenticate)
_.my_wins  # tournaments/forms/events.py PlayerResultForm: a form field, read by name
_.their_wins  # tournaments/forms/events.py PlayerResultForm: a form field, read by name
