"""placeholder"""

exception_handler = None
