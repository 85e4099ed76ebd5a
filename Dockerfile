FROM python:3.11-slim
WORKDIR /app
# A font with Cyrillic for the diagrams the bot draws (tgbot/ui/diagram.py)
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
COPY . .
RUN pip install --no-cache-dir -e .
ENV DATABASE_PATH=/data/bot.sqlite3
VOLUME /data
CMD ["python", "-m", "tgbot"]
