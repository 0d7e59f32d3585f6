"""`python manage.py ...` for the test site (settings.py beside this file).

`python manage.py prepare_site USER PASSWORD`: the schema (the `library` app has no migrations:
`migrate --run-syncdb` makes its tables), a superuser and two authors, in one process.
"""

import os
import sys


def prepare_site(username: str, password: str) -> None:
    import django
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    django.setup()
    from library.models import Author

    call_command("migrate", run_syncdb=True, verbosity=0)
    get_user_model().objects.create_superuser(username, f"{username}@example.com", password)
    Author.objects.bulk_create([Author(name="Ursula K. Le Guin"), Author(name="Italo Calvino")])


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "settings")
    if sys.argv[1:2] == ["prepare_site"]:
        prepare_site(*sys.argv[2:4])
    else:
        from django.core.management import execute_from_command_line

        execute_from_command_line(sys.argv)
