FROM python:3.11-slim
WORKDIR /app
COPY . .
RUN pip install --no-cache-dir -e .
ENV DATABASE_PATH=/data/bot.sqlite3
VOLUME /data
CMD ["python", "-m", "tgbot"]
