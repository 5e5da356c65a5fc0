"""API pagination: limit/offset, with a ceiling so no request asks for everything at once."""

from rest_framework.pagination import LimitOffsetPagination


class BoundedLimitOffsetPagination(LimitOffsetPagination):
    default_limit = 100
    max_limit = 500
