module github.com/twixtbot/twixtbot

go 1.26
