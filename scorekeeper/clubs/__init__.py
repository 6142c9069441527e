"""A club: its page, its name and link, its deletion with everything in it."""
