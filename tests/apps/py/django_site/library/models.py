from django.db import models


class Author(models.Model):
    name = models.CharField(max_length=100)

    def __str__(self) -> str:
        return self.name


class Book(models.Model):
    GENRES = (("novel", "Novel"), ("poetry", "Poetry"), ("essay", "Essay"))

    title = models.CharField(max_length=200)
    author = models.ForeignKey(Author, on_delete=models.CASCADE)
    genre = models.CharField(max_length=20, choices=GENRES)
    published = models.DateField()
    in_print = models.BooleanField(default=False)

    def __str__(self) -> str:
        return self.title
