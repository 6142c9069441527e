"""The deal form: one room for a new deal, from the form to its three doors.

- :mod:`.form` the form (its groups of choices as plain data in :mod:`.choices`, its
  problems shown next to their fields by :mod:`.problems`);
- :mod:`.protocol` the one protocol of a new deal: every door calls its
  :func:`~.protocol.submit`, which answers an :class:`~.protocol.Outcome`;
- :mod:`.pages` the form as a page or a fragment, as every door and the corrections show it;
- its doors: :mod:`.views` the page and its post without JavaScript
  (``/e/<token>/deals/new``), :mod:`.api` the phone's queue (``…/deals/new.json``,
  docs/deal-api.md) and the preview (``…/deals/preview``).
"""
