"""allauth's account mails (e-mail verification, password reset, e-mail change, and its other
notices) go through the outbox (``core.outbox``) like every other mail of the site, so a mail
server that refuses or hangs never breaks the page that asked for the mail: the page says the
mail is on its way, and the worker sends it, retrying as the outbox does (the sweeper re-sends a
failed attempt a minute later, up to ``core.jobs.MAX_ATTEMPTS``).

The account adapter (``core.accounts.AccountAdapter.send_mail``) renders the mail at once, in
the recipient's language (their profile's, else the language of the page they are on), and
hands the rendered text to ``account_mail_queue``: the job holds only plain text, so the worker
needs no request, template or language of its own.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import EmailMessage, EmailMultiAlternatives
from django.db import transaction
from django.utils import translation

from core.audit import audit_log
from core.models import OutboxJob, Profile
from core.outbox import outbox_enqueue, outbox_handler

#: The outbox handler's name.
ACCOUNT_MAIL = "core.account_mail"


def account_mail_language(*, email: str, user: object = None) -> str:
    """The language to write a mail to ``email`` in: the profile's of the account it goes to
    (``user``, else the account with that address), else the language in use on the page."""
    codes = {code for code, _name in settings.LANGUAGES}
    user_id = getattr(user, "pk", None)
    if user_id is None and email:
        user_id = (
            get_user_model()
            .objects.filter(emailaddress__email__iexact=email)
            .values_list("pk", flat=True)
            .first()
        )
    if user_id is not None:
        chosen = Profile.objects.filter(user_id=user_id).values_list("language", flat=True).first()
        if chosen in codes:
            return str(chosen)
    current = translation.get_language() or settings.LANGUAGE_CODE
    return current if current in codes else str(settings.LANGUAGE_CODE)


@transaction.atomic
def account_mail_queue(*, message: EmailMessage, kind: str) -> OutboxJob:
    """Queue a rendered account mail (``kind``: allauth's template, e.g.
    ``account/email/email_confirmation``) for the worker; audited without its text, which
    may hold a link that logs someone in."""
    html = ""
    if isinstance(message, EmailMultiAlternatives):
        html = next((str(body) for body, mime in message.alternatives if mime == "text/html"), "")
    job = outbox_enqueue(
        task=ACCOUNT_MAIL,
        payload={
            "subject": str(message.subject),
            "body": str(message.body),
            "html": html,
            "from_email": str(message.from_email),
            "to": [str(address) for address in message.to],
            "headers": {str(k): str(v) for k, v in (message.extra_headers or {}).items()},
        },
    )
    # neither the text nor the address: the entry outlives an account's deletion
    audit_log(action="core.account_mail.queued", actor=None, obj=job, data={"kind": kind})
    return job


@outbox_handler(ACCOUNT_MAIL)
def account_mail_send(
    *,
    subject: str,
    body: str,
    html: str,
    from_email: str,
    to: list[str],
    headers: dict[str, str],
) -> None:
    """Send one queued account mail (the worker); a mail server's refusal or time-out raises,
    and the outbox tries again later."""
    message = EmailMultiAlternatives(subject, body, from_email, to, headers=headers)
    if html:
        message.attach_alternative(html, "text/html")
    message.send()
