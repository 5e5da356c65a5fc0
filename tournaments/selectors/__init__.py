"""Reads of the event side, one module per domain (the list is docs/layout.md). Pages, the API,
services and tasks all read through these; each returns
prefetched querysets, model rows or plain values in a fixed, small number of queries.

A selector that returns staff data takes the person (``user=``) and checks their role on the
event itself, so a route opened by mistake still leaks nothing. Every ``*_get`` raises
``NotFoundError`` (404) rather than return another event's object.
"""
